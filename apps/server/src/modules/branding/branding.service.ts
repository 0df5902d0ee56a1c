import {
  ALL_FEATURES_OFF,
  BRANDING_FILES,
  COLOUR_KEYS,
  DEFAULT_COLOURS,
  DEFAULT_TERMINOLOGY,
  featureNotAvailableMessage,
  featureSpellings,
  FEATURE_FLAGS,
  FEATURE_KEYS,
  isFeatureAvailable,
  readFeatureInput,
  resolveTerminology,
  TERM_KEYS,
  type Branding,
  type BrandingFile,
  type BrandingChanges,
  type Colours,
  type FeatureKey,
  type FeatureSet,
  type Terminology,
} from '@portico/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { BrandingRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { randomToken } from '../../platform/crypto';
import { fieldError } from '../../platform/http/errors';
import { checkUpload } from '../../platform/storage/uploads';
import { toApiTimestampOrNull } from '../../platform/time';
import type { NotificationsService } from '../notifications/notifications.service';
import { DEFAULT_MARKET_SOUNDING_DESCRIPTION, DEFAULT_RISK_SUMMARY } from './branding.defaults';
import { findBranding, lockBranding, saveBranding, type BrandingPatch } from './branding.repository';

/** The flags that change which onboarding steps are required. */
const ONBOARDING_FEATURES: FeatureKey[] = ['complianceTest', 'screening'];

/** How long a node trusts its copy of the branding: every node sees a change within this. */
const CACHE_MS = 2_000;

const FILE_COLUMNS: Record<BrandingFile, 'logo' | 'logo_light' | 'favicon'> = {
  logo: 'logo',
  logoLight: 'logo_light',
  favicon: 'favicon',
};

export interface BrandingState {
  row: BrandingRow | undefined;
  colours: Colours;
  terminology: Terminology;
  features: FeatureSet;
}

function stateOf(row: BrandingRow | undefined): BrandingState {
  const colours = { ...DEFAULT_COLOURS };
  for (const key of COLOUR_KEYS) {
    const value = row?.colours[key];
    if (typeof value === 'string') colours[key] = value;
  }
  const features = { ...ALL_FEATURES_OFF };
  // A flag whose feature is not built yet reads as off, whatever an older version stored.
  for (const key of FEATURE_KEYS) features[key] = row?.features[key] === true && isFeatureAvailable(key);
  return { row, colours, terminology: resolveTerminology(row?.navigation), features };
}

/** Only what differs from the default is stored, so a later default change reaches untouched terms. */
function overridesOf(terminology: Terminology) {
  return Object.fromEntries(
    TERM_KEYS.filter((key) => terminology[key] !== DEFAULT_TERMINOLOGY[key]).map((key) => [
      key,
      terminology[key],
    ]),
  );
}

export const fileUrl = (key: string | null | undefined) => (key ? `/files/${key}` : null);

export function createBrandingService(ctx: AppContext, notifications: NotificationsService) {
  const { db, config, storage } = ctx;
  let cache: { state: BrandingState; at: number } | undefined;

  async function current(): Promise<BrandingState> {
    if (cache && Date.now() - cache.at < CACHE_MS) return cache.state;
    const state = stateOf(await findBranding(db));
    cache = { state, at: Date.now() };
    return state;
  }

  function toResource(state: BrandingState): Branding {
    const { row } = state;
    return {
      id: 1,
      colours: state.colours,
      navigation: state.terminology,
      logo: fileUrl(row?.logo),
      logoLight: fileUrl(row?.logo_light),
      logo_alt: row?.logo_alt || config.APP_NAME,
      favicon: fileUrl(row?.favicon),
      terms_version: row?.terms_version ?? 1,
      terms_format: row?.terms_format ?? 'text',
      terms_text: row?.terms_text ?? '',
      terms_url: row?.terms_url ?? null,
      market_sounding_description: row?.market_sounding_description || DEFAULT_MARKET_SOUNDING_DESCRIPTION,
      risk_warning_text: row?.risk_warning_text || DEFAULT_RISK_SUMMARY,
      isCustomBranding: row?.is_custom_branding ?? false,
      isTrial: row?.is_trial ?? false,
      appVersion: config.APP_VERSION,
      appName: config.APP_NAME,
      investorNavVariant: config.INVESTOR_NAV_VARIANT,
      backToSiteUrl: config.BACK_TO_SITE_URL ?? null,
      realtime: { key: config.PUSHER_APP_KEY, path: '/app' },
      updated_at: toApiTimestampOrNull(row?.updated_at),
      ...featureSpellings(state.features),
    };
  }

  /** Checks every uploaded file first, so a bad one writes nothing. */
  async function checkFiles(uploads: Record<string, Buffer>) {
    const files = [];
    for (const field of Object.keys(BRANDING_FILES) as BrandingFile[]) {
      const body = uploads[field];
      if (!body) continue;
      const type = await checkUpload(ctx.workers, field, body, BRANDING_FILES[field]);
      files.push({
        field,
        body,
        type,
        key: `branding/${field.toLowerCase()}-${randomToken(12)}.${type.extension}`,
      });
    }
    return files;
  }

  async function afterChange() {
    cache = undefined;
  }

  // What onboarding asks follows some settings (issue 9): listeners recompute the stored states.
  const onboardingListeners: Array<(tx: DbOrTx) => Promise<void>> = [];
  async function onboardingChanged(tx: DbOrTx) {
    for (const listener of onboardingListeners) await listener(tx);
  }

  return {
    current,
    invalidate: afterChange,
    /** Runs in the transaction of a change to the onboarding flags or a raised terms version. */
    onOnboardingSettingsChanged: (listener: (tx: DbOrTx) => Promise<void>) => {
      onboardingListeners.push(listener);
    },
    resource: async () => toResource(await current()),
    isEnabled: async (feature: FeatureKey) => (await current()).features[feature],
    terminology: async () => (await current()).terminology,

    /** POST /api/branding and PATCH /api/branding/1: what is sent changes, and files are replaced. */
    async update(actor: Actor, input: BrandingChanges, uploads: Record<string, Buffer>) {
      const files = await checkFiles(uploads);
      for (const file of files) await storage.put(file.key, file.body, file.type.contentType);

      const { before, after, replaced } = await db.transaction(async (tx) => {
        const locked = await lockBranding(tx);
        const state = stateOf(locked);
        const terms_version = locked?.terms_version ?? 1;
        if (input.terms_version !== undefined && input.terms_version < terms_version)
          throw fieldError(
            'terms_version',
            `The terms version cannot go below the current version (${terms_version}).`,
          );
        const format = input.terms_format ?? locked?.terms_format ?? 'text';
        const url = input.terms_url === undefined ? (locked?.terms_url ?? null) : input.terms_url || null;
        if (format === 'url' && !url)
          throw fieldError('terms_url', 'The terms URL field is required when the terms are a link.');

        const patch: BrandingPatch = {
          is_custom_branding: true,
          updated_at: new Date(),
          updated_by: actor.userId,
          ...(input.colours ? { colours: { ...state.colours, ...input.colours } } : {}),
          ...(input.navigation
            ? { navigation: overridesOf({ ...state.terminology, ...input.navigation }) }
            : {}),
          ...(input.logo_alt !== undefined ? { logo_alt: input.logo_alt } : {}),
          ...(input.terms_format !== undefined ? { terms_format: input.terms_format } : {}),
          ...(input.terms_text !== undefined ? { terms_text: input.terms_text } : {}),
          ...(input.terms_url !== undefined ? { terms_url: url } : {}),
          ...(input.terms_version !== undefined ? { terms_version: input.terms_version } : {}),
          ...(input.market_sounding_description !== undefined
            ? { market_sounding_description: input.market_sounding_description }
            : {}),
          ...(input.risk_warning_text !== undefined ? { risk_warning_text: input.risk_warning_text } : {}),
        };
        const gone: string[] = [];
        for (const field of Object.keys(FILE_COLUMNS) as BrandingFile[]) {
          const column = FILE_COLUMNS[field];
          const uploaded = files.find((file) => file.field === field);
          const remove = input[`remove_${field}`] === true;
          if (!uploaded && !remove) continue;
          if (locked?.[column]) gone.push(locked[column]);
          patch[column] = uploaded ? uploaded.key : null;
        }
        const saved = await saveBranding(tx, patch);
        const audited = (row: BrandingRow | undefined) =>
          row && {
            colours: row.colours,
            navigation: row.navigation,
            logo: row.logo,
            logo_light: row.logo_light,
            favicon: row.favicon,
            logo_alt: row.logo_alt,
            terms_version: row.terms_version,
            terms_format: row.terms_format,
            terms_url: row.terms_url,
            // The regulated wording, kept whole and as shown (an empty text shows the default), so the
            // log tells what investors were shown until when (issue 21).
            terms_text: row.terms_text,
            risk_warning_text: row.risk_warning_text || DEFAULT_RISK_SUMMARY,
            market_sounding_description:
              row.market_sounding_description || DEFAULT_MARKET_SOUNDING_DESCRIPTION,
          };
        await recordAudit(tx, actor, {
          action: locked ? 'branding.updated' : 'branding.created',
          subjectType: 'branding',
          subjectId: 1,
          before: audited(locked) ?? null,
          after: audited(saved) ?? null,
        });
        if (saved.terms_version !== terms_version) await onboardingChanged(tx);
        return { before: locked, after: saved, replaced: gone };
      });

      await afterChange();
      for (const key of replaced) await storage.delete(key).catch(() => undefined);
      if (after.terms_version > (before?.terms_version ?? 1)) {
        const result = await notifications.notifyAllInvestors({
          type: 'App\\Notifications\\TermsUpdated',
          audience: 'user',
          data: {
            message: 'We have updated our **terms and conditions**. Please read and accept them to continue.',
            cta: '/terms',
            icon: 'default',
          },
        });
        await result.publish();
      }
      return {
        created: before === undefined || !before.is_custom_branding,
        branding: toResource(stateOf(after)),
      };
    },

    /** Settings → account → features: any subset of flags, in either spelling. */
    async setFeatures(actor: Actor, input: Record<string, unknown>) {
      const changes = readFeatureInput(input);
      for (const flag of FEATURE_FLAGS)
        if (changes[flag.key] === true && !isFeatureAvailable(flag.key))
          throw fieldError(flag.snake in input ? flag.snake : flag.camel, featureNotAvailableMessage(flag));
      const after = await db.transaction(async (tx) => {
        const locked = await lockBranding(tx);
        const features = { ...stateOf(locked).features, ...changes };
        const saved = await saveBranding(tx, { features, updated_at: new Date(), updated_by: actor.userId });
        await recordAudit(tx, actor, {
          action: 'features.updated',
          subjectType: 'branding',
          subjectId: 1,
          before: { features: stateOf(locked).features },
          after: { features },
        });
        const before = stateOf(locked).features;
        if (ONBOARDING_FEATURES.some((key) => before[key] !== stateOf(saved).features[key]))
          await onboardingChanged(tx);
        return saved;
      });
      await afterChange();
      return toResource(stateOf(after));
    },
  };
}

export type BrandingService = ReturnType<typeof createBrandingService>;

import {
  can,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  SCREENING_EVIDENCE_FIELDS,
  SCREENING_EVIDENCE_LABELS,
  type InvestorScreening,
  type MissingDetail,
  type ProfileIdentity,
  type ScreeningCheck,
  type ScreeningCheckStatus,
  type ScreeningDecision,
  type ScreeningDetails,
  type ScreeningEvidenceField,
  type ScreeningKind,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { violatedConstraint } from '../../db/errors';
import type { DbOrTx } from '../../db/client';
import { investorProfiles, SCREENING_ONE_OPEN_INDEX, type ScreeningCheckRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound, validationError } from '../../platform/http/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import { checkUpload } from '../../platform/storage/uploads';
import { toApiTimestamp } from '../../platform/time';
import type { BrandingService } from '../branding/branding.service';
import {
  asClause,
  createOutbox,
  loadInvestor,
  personRef,
  staffWhere,
  timestampOrNull,
} from '../compliance/compliance.shared';
import type { DocumentsService } from '../documents/documents.service';
import { saveProfile } from '../investors/investors.repository';
import type { InvestorsService } from '../investors/investors.service';
import type { NotificationsService } from '../notifications/notifications.service';
import {
  evidenceRequirements,
  insertSubmission,
  lockRequirementOf,
  supersedePendingSubmissions,
} from '../compliance/onboarding-documents.repository';
import { screeningProvider, type ScreeningProvider } from './screening.provider';
import {
  checksOf,
  insertCheck,
  lockCheck,
  lockInvestor,
  updateCheck,
  type CheckDocumentRow,
  type CheckRow,
} from './screening.repository';

export interface ScreeningDeps {
  investors: InvestorsService;
  documents: DocumentsService;
  notifications: NotificationsService;
  branding: BrandingService;
}

const PORTAL_IDENTITY = '/investor/profile/identity';
const PORTAL_DETAILS = '/investor/profile/details';
const OPEN: ReadonlySet<ScreeningCheckStatus> = new Set(['submitted', 'referred']);
const UPLOAD_RULES = { maxBytes: DOCUMENT_MAX_BYTES, types: Object.keys(DOCUMENT_TYPES) };

/** Staff who decide checks: those who may change investors. */
const mayDecide = (role: number) => can(role, 'investors', 'update');

type Profile = typeof investorProfiles.$inferSelect;

/** The profile details a check needs that are not filled in. */
function missingDetails(profile: Profile | undefined): MissingDetail[] {
  const missing: MissingDetail[] = [];
  if (!profile?.date_of_birth)
    missing.push({ field: 'date_of_birth', label: 'Date of birth', path: PORTAL_DETAILS });
  if (!profile?.nationality)
    missing.push({ field: 'nationality', label: 'Nationality', path: PORTAL_DETAILS });
  if (!profile?.address_line_1 || !profile.city || !profile.postcode || !profile.country)
    missing.push({ field: 'address', label: 'Residential address', path: PORTAL_DETAILS });
  return missing;
}

const outsideUk = (profile: Profile | undefined) => Boolean(profile?.country && profile.country !== 'GB');

const REPLACED_BY_CHECK = 'Replaced by the file sent with the identity check.';

/** A sign-up document's status while it is a file of a check: the check's decision (as migration 0026's). */
export const submissionStatusOf = (status: ScreeningCheckStatus) =>
  status === 'passed' ? 'approved' : status === 'failed' ? 'rejected' : 'pending';

/** The profile's screening status, which lists filter on. */
const profileStatus = (status: ScreeningCheckStatus) => (status === 'submitted' ? 'pending' : status);

/**
 * Identity and AML screening (issue 9): the investor sends two files and the details on their profile;
 * the configured provider (staff review by default) decides; the investor is told and the decision is
 * audited; the profile's screening status and the onboarding state follow.
 */
export function createScreeningService(ctx: AppContext, deps: ScreeningDeps) {
  const { db, config } = ctx;
  const { investors, documents, notifications, branding } = deps;
  const provider: ScreeningProvider = screeningProvider(config.SCREENING_PROVIDER);

  async function requireFeature() {
    if (!(await branding.isEnabled('screening'))) throw notFound();
  }

  async function profileOf(tx: DbOrTx, userId: number) {
    const [profile] = await tx.select().from(investorProfiles).where(eq(investorProfiles.user_id, userId));
    return profile;
  }

  async function kindFor(profile: Profile | undefined): Promise<ScreeningKind> {
    return outsideUk(profile) && (await branding.isEnabled('internationalAml')) ? 'international' : 'uk';
  }

  function evidenceOf(check: ScreeningCheckRow, row: CheckRow, staff: boolean): ScreeningCheck['evidence'] {
    const files: Record<(typeof SCREENING_EVIDENCE_FIELDS)[number], CheckDocumentRow | null> = {
      identity_document: row.identity,
      proof_of_address: row.address,
    };
    return SCREENING_EVIDENCE_FIELDS.map((field) => {
      const file = files[field];
      return {
        field,
        label: SCREENING_EVIDENCE_LABELS[field],
        name: file?.name ?? null,
        document: staff && file ? documents.toResource({ ...file, uploader_name: null }) : null,
      };
    });
  }

  /** Staff see the files with signed links; the investor sees only their names (the files are private). */
  function toCheck(row: CheckRow, staff: boolean): ScreeningCheck {
    const { check } = row;
    return {
      id: check.id,
      investor_id: check.user_id,
      provider: check.provider,
      kind: check.kind,
      status: check.status,
      details: {
        legal_name: check.legal_name,
        date_of_birth: check.date_of_birth,
        nationality: check.nationality,
        ...check.address,
      },
      evidence: evidenceOf(check, row, staff),
      provider_reference: check.provider_reference,
      decided_by: personRef(check.decided_by, row.decider_name),
      decided_at: timestampOrNull(check.decided_at),
      reason: check.reason,
      created_at: toApiTimestamp(check.created_at),
    };
  }

  async function checks(tx: DbOrTx, userId: number, staff: boolean) {
    const [current, ...history] = (await checksOf(tx, userId)).map((row) => toCheck(row, staff));
    return { current: current ?? null, history };
  }

  async function identity(userId: number): Promise<ProfileIdentity> {
    const profile = await profileOf(db, userId);
    const missing = missingDetails(profile);
    const { current, history } = await checks(db, userId, false);
    const blocked = current !== null && (OPEN.has(current.status) || current.status === 'passed');
    return {
      kind: await kindFor(profile),
      current,
      missing,
      can_submit: !blocked && missing.length === 0,
      history,
    };
  }

  async function forStaff(userId: number): Promise<InvestorScreening> {
    await loadInvestor(db, userId);
    const profile = await profileOf(db, userId);
    return {
      investor_id: userId,
      kind: await kindFor(profile),
      outside_uk: outsideUk(profile),
      international_check_enabled: await branding.isEnabled('internationalAml'),
      ...(await checks(db, userId, true)),
    };
  }

  /** One file per field, each checked by its content before anything is stored. */
  async function evidenceFiles(uploads: Record<string, UploadedFile[]>) {
    const errors: Record<string, string[]> = {};
    const chosen = SCREENING_EVIDENCE_FIELDS.map((field) => {
      const files = uploads[field] ?? [];
      const label = SCREENING_EVIDENCE_LABELS[field].toLowerCase();
      if (files.length !== 1) {
        errors[field] = [
          files.length === 0 ? `Choose a file for your ${label}.` : `Upload one file for your ${label}.`,
        ];
        return undefined;
      }
      return files[0];
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const [identityFile, addressFile] = chosen;
    if (!identityFile || !addressFile) throw new Error('evidence files went missing');
    await checkUpload(ctx.workers, 'identity_document', identityFile.body, {
      ...UPLOAD_RULES,
      label: 'Identity document',
    });
    await checkUpload(ctx.workers, 'proof_of_address', addressFile.body, {
      ...UPLOAD_RULES,
      label: 'Proof of address',
    });
    return { identityFile, addressFile };
  }

  async function submit(actor: Actor, userId: number, uploads: Record<string, UploadedFile[]>) {
    await requireFeature();
    const outbox = createOutbox(notifications);
    const kindIfOutside = await branding.isEnabled('internationalAml');
    try {
      await db.transaction(async (tx) => {
        const investor = await loadInvestor(tx, userId);
        await lockInvestor(tx, userId);
        const profile = await profileOf(tx, userId);
        const missing = missingDetails(profile);
        if (missing.length > 0)
          throw validationError(
            Object.fromEntries(
              missing.map((item) => [
                item.field,
                [`Add your ${item.label.toLowerCase()} to your profile details before submitting.`],
              ]),
            ),
          );
        const [latest] = await checksOf(tx, userId);
        if (latest && OPEN.has(latest.check.status)) throw alreadyOpen();
        if (latest?.check.status === 'passed')
          throw fieldError(
            'status',
            'Your identity check has already passed: there is nothing more to send.',
          );
        const { identityFile, addressFile } = await evidenceFiles(uploads);
        const category = 'Identity and address evidence';
        const [identityDocument] = await documents.upload(
          actor,
          'investor',
          userId,
          [identityFile],
          { visibility: 'private', category },
          tx,
        );
        const [addressDocument] = await documents.upload(
          actor,
          'investor',
          userId,
          [addressFile],
          { visibility: 'private', category },
          tx,
        );
        if (!identityDocument || !addressDocument) throw new Error('the upload stored no document');
        const details: ScreeningDetails = {
          legal_name: [profile?.first_name, profile?.last_name].filter(Boolean).join(' ') || investor.name,
          date_of_birth: profile?.date_of_birth ?? null,
          nationality: profile?.nationality ?? null,
          address_line_1: profile?.address_line_1 ?? null,
          address_line_2: profile?.address_line_2 ?? null,
          city: profile?.city ?? null,
          postcode: profile?.postcode ?? null,
          country: profile?.country ?? null,
        };
        const kind: ScreeningKind = outsideUk(profile) && kindIfOutside ? 'international' : 'uk';
        const { legal_name, date_of_birth, nationality, ...address } = details;
        const check = await insertCheck(tx, {
          user_id: userId,
          provider: provider.name,
          kind,
          status: 'submitted',
          identity_document_id: identityDocument.id,
          proof_of_address_id: addressDocument.id,
          legal_name,
          date_of_birth,
          nationality,
          address,
        });
        const result = await provider.submit({
          checkId: check.id,
          investorId: userId,
          kind,
          details,
          identityDocumentId: identityDocument.id,
          proofOfAddressId: addressDocument.id,
        });
        const stored = await updateCheck(tx, check.id, {
          status: result.status,
          provider_reference: result.reference,
          reason: result.reason ?? null,
          decided_at: OPEN.has(result.status) ? null : new Date(),
        });
        const linked = await collectOnce(tx, userId, stored);
        await recordAudit(tx, actor, {
          action: 'screening.submitted',
          subjectType: 'investor',
          subjectId: userId,
          after: {
            screening_check_id: check.id,
            provider: provider.name,
            kind,
            status: stored.status,
            identity_document_id: identityDocument.id,
            proof_of_address_id: addressDocument.id,
            onboarding_document_ids: linked,
          },
        });
        await afterChange(tx, userId, stored);
        if (OPEN.has(stored.status))
          await outbox.add(tx, await staffWhere(tx, mayDecide), {
            type: 'App\\Notifications\\ScreeningSubmitted',
            audience: 'admin',
            data: {
              message: `**${investor.name}** sent identity evidence for review`,
              cta: `/admin/investors/${userId}/details`,
              icon: 'default',
            },
          });
      });
    } catch (error) {
      // Two submissions at once: the database lets one through (one open check per investor).
      if (violatedConstraint(error) === SCREENING_ONE_OPEN_INDEX) throw alreadyOpen();
      throw error;
    }
    await outbox.publish();
    return identity(userId);
  }

  /**
   * Identity documents are collected once (issue 18): each active sign-up document that is a file of the
   * identity check gets this check's file as its submission, reviewed with the check (the triggers of
   * migration 0026 keep its status the check's). A pending upload of its own is replaced by it.
   */
  async function collectOnce(tx: DbOrTx, userId: number, check: ScreeningCheckRow) {
    const files: Record<ScreeningEvidenceField, number | null> = {
      identity_document: check.identity_document_id,
      proof_of_address: check.proof_of_address_id,
    };
    const decided = !OPEN.has(check.status);
    const ids: number[] = [];
    for (const requirement of await evidenceRequirements(tx)) {
      if (!requirement.identity_evidence) continue;
      await lockRequirementOf(tx, userId, requirement.id);
      await supersedePendingSubmissions(tx, userId, requirement.id, REPLACED_BY_CHECK);
      const row = await insertSubmission(tx, {
        user_id: userId,
        requirement_id: requirement.id,
        document_id: files[requirement.identity_evidence],
        screening_check_id: check.id,
        status: submissionStatusOf(check.status),
        reason: check.status === 'failed' ? check.reason : null,
        reviewed_by: decided ? check.decided_by : null,
        reviewed_at: decided ? check.decided_at : null,
      });
      ids.push(row.id);
    }
    return ids;
  }

  function alreadyOpen() {
    return fieldError(
      'status',
      'Your identity evidence is awaiting review: we will tell you when it has been checked.',
    );
  }

  /** The profile's status (lists filter on it) and the onboarding state follow the latest check. */
  async function afterChange(tx: DbOrTx, userId: number, check: ScreeningCheckRow) {
    await saveProfile(tx, userId, {
      screening_status: profileStatus(check.status),
      screened_at: check.decided_at,
    });
    await investors.refreshOnboardingState(tx, userId);
  }

  const MESSAGES: Record<ScreeningDecision, (reason: string) => string> = {
    passed: () => 'Your **identity check** has passed.',
    failed: (reason) => `Your **identity check** did not pass: ${reason}. Please send your evidence again.`,
    referred: (reason) => `Your **identity check** has been referred for further checks: ${reason}.`,
  };

  /** A decision by staff (or a provider's later result, with a null actor id). */
  async function decide(
    actor: Actor,
    userId: number,
    checkId: number,
    decision: ScreeningDecision,
    reason: string | null,
  ) {
    await requireFeature();
    const outbox = createOutbox(notifications);
    await db.transaction(async (tx) => {
      const investor = await loadInvestor(tx, userId);
      const check = await lockCheck(tx, userId, checkId);
      if (!check) throw notFound('No screening check with that id.');
      if (!OPEN.has(check.status))
        throw fieldError('decision', `This check has already been decided (${check.status}).`);
      const kept = reason ?? null;
      const updated = await updateCheck(tx, checkId, {
        status: decision,
        reason: kept,
        decided_by: actor.userId,
        decided_at: new Date(),
      });
      await recordAudit(tx, actor, {
        action: `screening.${decision}`,
        subjectType: 'investor',
        subjectId: userId,
        before: { screening_check_id: checkId, status: check.status },
        after: { screening_check_id: checkId, kind: check.kind, status: decision, reason: kept },
      });
      await afterChange(tx, userId, updated);
      await outbox.add(tx, [investor], {
        type: 'App\\Notifications\\ScreeningDecided',
        audience: 'user',
        data: { message: MESSAGES[decision](asClause(kept ?? '')), cta: PORTAL_IDENTITY, icon: 'default' },
      });
    });
    await outbox.publish();
    return forStaff(userId);
  }

  return {
    provider,
    /** GET /api/profile/identity */
    async mine(userId: number) {
      await requireFeature();
      return identity(userId);
    },
    submitMine: submit,
    /** GET /api/investors/:id/screening */
    async forInvestor(userId: number) {
      await requireFeature();
      return forStaff(userId);
    },
    decide,
    /** The investor's checks for the onboarding evidence (any transaction). */
    checks,
  };
}

export type ScreeningService = ReturnType<typeof createScreeningService>;

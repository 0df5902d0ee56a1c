import {
  can,
  compareDecimal,
  isZeroDecimal,
  OPPORTUNITY_COLUMNS,
  OPPORTUNITY_STATUS,
  opportunitiesListQuery,
  opportunityAdminPath,
  opportunityArea,
  opportunityGuard,
  parseListQuery,
  RAISED_INVESTMENT_STATUSES,
  ROLES,
  TAX_RELIEF_LABELS,
  type Action,
  type createOpportunityInputSchema,
  type FeatureKey,
  type OpportunityColumnKey,
  type OpportunitySection,
  type OpportunitySummary,
  type PublicDocument,
  type updateOpportunityInputSchema,
} from '@portico/contracts';
import { and, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation, violatedConstraint } from '../../db/errors';
import {
  investments,
  opportunities,
  pipelineDeals,
  users,
  type OpportunityRow,
  type UserRow,
} from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { randomToken } from '../../platform/crypto';
import { fieldError, forbidden, notFound, validationError } from '../../platform/http/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import { paginate, pickFields } from '../../platform/list-query/paginator';
import { givenFields } from '../../platform/records/changed-fields';
import { createRecordService } from '../../platform/records/record-service';
import { checkUpload } from '../../platform/storage/uploads';
import { listDocuments } from '../documents/documents.repository';
import { purgeRecordParts } from '../records/records.repository';
import type { SubjectDefinition } from '../records/subjects';
import { toOpportunity, toOpportunitySummary, type Viewer } from './opportunities.mapper';
import {
  deletionBlockers,
  findSubType,
  hasInvestments,
  lockFundForOpportunity,
  missingClassifications,
  opportunitiesRepository,
  keepPreviousSlug,
  slugsLike,
  visibleToInvestor,
  type OpportunityWithNames,
} from './opportunities.repository';
import {
  contentImageKeys,
  contentOf,
  deleteSectionRow,
  findSectionRow,
  IMAGE_FOLDER,
  insertSectionRow,
  nextPosition,
  SECTION_TABLES,
  sectionRows,
  updateSectionRow,
  type SectionRow,
  type SectionTable,
} from './opportunity-content';
import { sanitisedDescription } from './sanitised-description';
import { holdersOf, insertHolderChoices } from '../pre-emption/pre-emption.repository';
import { formatAmount, formatPrice } from '../../platform/money';
import {
  lockOpportunityRow,
  maximumFloor,
  roomOf,
  sharesOverflow,
} from '../investment-transactions/commitments';
import { promotionDateOf } from '../promotion-exceptions/promotion-gate';

type CreateInput = z.output<typeof createOpportunityInputSchema>;
type UpdateInput = z.output<typeof updateOpportunityInputSchema>;
type NewOpportunity = typeof opportunities.$inferInsert;

const NOT_FOUND = 'No opportunity with that id.';
const LINK_MINUTES = 15;
const SLUG_TAKEN = 'The slug has already been taken.';
const IMAGE_RULES = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'],
};

/** The columns an update may set directly (money and references as given, checked by the rules). */
const FIELDS = [
  'name',
  'company_name',
  'summary',
  // Sanitised on a worker thread before it is stored (createFor, updateFor).
  'description',
  'target_amount',
  'maximum_amount',
  'minimum_investment',
  'share_price',
  'share_class',
  'tax_relief',
  'closing_date',
  'investment_type_id',
  'investment_sub_type_id',
  'industry_id',
  'investment_category_id',
  'investment_character_id',
  'fund_id',
] as const;

/** A URL slug from a name: "Acme Robotics – Series A" → "acme-robotics-series-a". */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'opportunity';
}

/** The base slug if free, else the first free `base-N`. */
async function freeSlug(db: DbOrTx, base: string): Promise<string> {
  const taken = new Set(await slugsLike(db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const isCheckViolation = (error: unknown): boolean => {
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause)
    if ((current as { code?: unknown }).code === '23514') return true;
  return false;
};

/** An opportunity's value in a column of the export. */
const cell = (item: OpportunitySummary, key: OpportunityColumnKey) => {
  switch (key) {
    case 'type':
    case 'industry':
      return item[key]?.name ?? null;
    case 'tax_relief':
      return item.tax_relief ? TAX_RELIEF_LABELS[item.tax_relief] : null;
    case 'created_at':
      return new Date(item.created_at);
    default:
      return item[key];
  }
};

/**
 * Staff may act on an opportunity when the permission table gives them the action on the resource that
 * guards it (opportunityGuard: funds_opportunity for a fund opportunity, else its stage's).
 */
export function canOn(
  roleId: number,
  opportunity: { status: number; fund_id: number | null },
  action: Action,
) {
  return can(roleId, opportunityGuard(opportunity), action);
}

/**
 * The opportunities a staff member's list holds: fund opportunities need index on funds_opportunity and
 * the funds feature on (off, nothing of a fund shows), the others index on live or existing opportunities
 * (undefined: every one).
 */
export function staffListScope(roleId: number, fundsOn: boolean): SQL | undefined {
  const funds = fundsOn && can(roleId, 'funds_opportunity', 'index');
  const others =
    can(roleId, 'investment_opportunity_live', 'index') ||
    can(roleId, 'investment_opportunity_existing', 'index');
  if (funds && others) return undefined;
  return funds ? isNotNull(opportunities.fund_id) : isNull(opportunities.fund_id);
}

const FUNDS_OFF =
  'Funds are switched off: an opportunity cannot raise for a fund until the funds feature is on.';
const NO_FUND = 'The selected fund is invalid.';

/**
 * Opportunities (spec §2.1, §4): the record with its content and images, what investors may see of it,
 * and the draft a pipeline deal converts into.
 */
const notAnExistingInvestment = () =>
  fieldError(
    'pre_emption_of_id',
    'Choose an existing investment (a completed or matured opportunity) for the new round.',
  );

export function createOpportunitiesService(
  ctx: AppContext,
  deps: { isEnabled: (feature: FeatureKey) => Promise<boolean> },
) {
  const { db, storage, signer, clock } = ctx;
  const fundsOn = () => deps.isEnabled('funds');
  const promotionDate = async () =>
    promotionDateOf(await deps.isEnabled('financialPromotionExceptions'), clock);

  /**
   * The fund an opportunity is to raise for (422 on fund_id when there is none), locked until the change
   * commits: its currency must be the opportunity's.
   */
  async function checkFund(tx: DbOrTx, fundId: number, currency: string, currencyGiven: boolean) {
    const fund = await lockFundForOpportunity(tx, fundId);
    if (!fund) throw fieldError('fund_id', NO_FUND);
    if (fund.currency === currency) return;
    throw currencyGiven
      ? fieldError(
          'currency',
          `The fund “${fund.name}” is in ${fund.currency}: an opportunity raising for it must be in ${fund.currency} too. Choose ${fund.currency}, or another fund.`,
        )
      : fieldError(
          'fund_id',
          `The fund “${fund.name}” is in ${fund.currency} and this opportunity is in ${currency}: choose a fund in ${currency}.`,
        );
  }

  /** Linking a fund needs the funds feature on (422 on fund_id otherwise); clearing it never does. */
  async function checkFundsOn(fundId: number | null | undefined) {
    if (fundId != null && !(await fundsOn())) throw fieldError('fund_id', FUNDS_OFF);
  }

  /** The amounts of a record as a change would leave them, checked against each other (422 on the field). */
  function checkAmounts(merged: {
    target_amount?: string | null | undefined;
    maximum_amount?: string | null | undefined;
    minimum_investment?: string | null | undefined;
  }) {
    const errors: Record<string, string[]> = {};
    const { target_amount: target, maximum_amount: maximum, minimum_investment: minimum } = merged;
    if (target && maximum && compareDecimal(target, maximum) > 0)
      errors.target_amount = ['The target amount must not be more than the maximum amount.'];
    if (minimum && maximum && compareDecimal(minimum, maximum) > 0)
      errors.minimum_investment = ['The minimum investment must not be more than the maximum amount.'];
    if (Object.keys(errors).length > 0) throw validationError(errors);
  }

  /**
   * A share price too small for the maximum: its whole shares would not fit the shares column (issue
   * 18). On the share price when the change sets it, else on the maximum.
   */
  function checkPriceFits(
    merged: { share_price?: string | null; maximum_amount?: string | null; currency?: string },
    priceGiven: boolean,
  ) {
    const { share_price: sharePrice, maximum_amount: maximum } = merged;
    if (!sharePrice || !maximum) return;
    const currency = merged.currency ?? 'GBP';
    if (!sharesOverflow(maximum, { share_price: sharePrice, currency })) return;
    throw priceGiven
      ? fieldError(
          'share_price',
          `At ${formatPrice(sharePrice, currency)} a share, the maximum of ${formatAmount(maximum, currency)} would buy more shares than can be recorded (at most 99,999,999,999,999): choose a higher share price.`,
        )
      : fieldError(
          'maximum_amount',
          `At ${formatPrice(sharePrice, currency)} a share, a maximum of ${formatAmount(maximum, currency)} would buy more shares than can be recorded (at most 99,999,999,999,999): choose a lower maximum.`,
        );
  }

  /**
   * The terms an investor committed under (issue 18, decision 021), checked under the round's row lock:
   * the maximum is never lowered below what is committed plus what pre-emption still holds, and the
   * share price does not change once the round has investments (re-pricing does that, for all of them).
   */
  async function checkTermsUnderCommitment(tx: DbOrTx, input: UpdateInput, locked: OpportunityRow) {
    const money = (value: string) => formatAmount(value, locked.currency);
    if (
      input.share_price !== undefined &&
      (input.share_price === null ||
        locked.share_price === null ||
        compareDecimal(input.share_price, locked.share_price) !== 0)
    ) {
      const [invested] = await tx
        .select({ id: investments.id })
        .from(investments)
        .where(
          and(
            eq(investments.opportunity_id, locked.id),
            inArray(investments.status, [...RAISED_INVESTMENT_STATUSES]),
          ),
        )
        .limit(1);
      if (invested)
        throw fieldError(
          'share_price',
          `Investments have been made in this round at ${locked.share_price ? formatPrice(locked.share_price, locked.currency) : 'its share price'} a share, so the price cannot be edited here: use Re-price, which recomputes every investment’s shares at the new price and tells each investor.`,
        );
    }
    const maximum = input.maximum_amount;
    if (
      maximum !== undefined &&
      maximum !== null &&
      (locked.maximum_amount === null || compareDecimal(maximum, locked.maximum_amount) < 0)
    ) {
      const { floor, committed, heldForHolders } = await maximumFloor(tx, locked, maximum, clock.today());
      if (compareDecimal(maximum, floor) < 0)
        throw fieldError(
          'maximum_amount',
          isZeroDecimal(heldForHolders)
            ? `The maximum cannot be lower than ${money(floor)}: that much is already committed.`
            : `The maximum cannot be lower than ${money(floor)}: ${money(committed)} is committed and ${money(heldForHolders)} is held for existing holders’ pre-emption at this maximum.`,
        );
    }
  }

  /** The classification a change names exists, and the sub-type is one of the type's. */
  async function checkClassification(tx: DbOrTx, merged: Partial<NewOpportunity>) {
    const errors: Record<string, string[]> = {};
    for (const field of await missingClassifications(tx, merged))
      errors[field] = [`The selected ${field.replace(/^investment_/, '').replace(/_id$/, '')} is invalid.`];
    if (merged.investment_sub_type_id != null) {
      const subType = await findSubType(tx, merged.investment_sub_type_id);
      if (!subType) errors.investment_sub_type_id = ['The selected sub-type is invalid.'];
      else if (subType.investment_type_id !== merged.investment_type_id)
        errors.investment_sub_type_id = ['The selected sub-type is not a sub-type of the chosen type.'];
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
  }

  const records = createRecordService(ctx, {
    repository: opportunitiesRepository,
    auditType: 'opportunity',
    notFound: NOT_FOUND,
    present: (row) => toOpportunitySummary(row),
    // The description is the offer's wording: its change alone writes a row, kept whole (issue 21).
    audited: (row) => ({ ...toOpportunitySummary(row), description: row.description }),
    insert: (values: NewOpportunity) => values,
    patch: (input: UpdateInput, before) => {
      const patch: Partial<NewOpportunity> = givenFields(input, FIELDS);
      if (input.slug !== undefined) patch.slug = input.slug;
      // A new type drops a sub-type that is not one of its own.
      if (
        input.investment_type_id !== undefined &&
        input.investment_sub_type_id === undefined &&
        input.investment_type_id !== (before.type?.id ?? null)
      )
        patch.investment_sub_type_id = null;
      return patch;
    },
    export: { columns: OPPORTUNITY_COLUMNS, sheetName: 'Opportunities', cells: () => cell },
    rules: {
      create: async (tx, values) => {
        if (values.fund_id != null)
          await checkFund(tx, values.fund_id, values.currency ?? 'GBP', values.currency !== undefined);
        checkAmounts(values);
        checkPriceFits(values, values.share_price != null);
        await checkClassification(tx, values);
      },
      update: async (tx, input, before) => {
        // The round's row lock first, the one the commitment gate takes (decision 015): the terms are
        // checked against what is committed with no reservation slipping in between.
        const locked = await lockOpportunityRow(tx, before.id);
        if (!locked) throw notFound(NOT_FOUND);
        await checkTermsUnderCommitment(tx, input, locked);
        if (input.fund_id !== undefined && input.fund_id !== locked.fund_id) {
          // Commitments were made to what the opportunity raised for: the fund stays theirs.
          if (await hasInvestments(tx, locked.id))
            throw fieldError(
              'fund_id',
              'Investors have committed to this opportunity, so the fund it raises for cannot change.',
            );
          if (input.fund_id !== null) await checkFund(tx, input.fund_id, locked.currency, false);
        }
        checkPriceFits(
          {
            share_price: input.share_price !== undefined ? input.share_price : locked.share_price,
            maximum_amount: input.maximum_amount !== undefined ? input.maximum_amount : locked.maximum_amount,
            currency: locked.currency,
          },
          input.share_price !== undefined,
        );
        if (input.slug !== undefined && input.slug !== before.slug)
          await keepPreviousSlug(tx, before.id, before.slug, input.slug);
        checkAmounts({
          target_amount: input.target_amount ?? before.target_amount,
          maximum_amount: input.maximum_amount ?? before.maximum_amount,
          minimum_investment: input.minimum_investment ?? before.minimum_investment,
        });
        const typeId = input.investment_type_id !== undefined ? input.investment_type_id : before.type?.id;
        const keepsSubType = input.investment_type_id === undefined || typeId === (before.type?.id ?? null);
        await checkClassification(tx, {
          investment_type_id: typeId ?? null,
          investment_sub_type_id:
            input.investment_sub_type_id !== undefined
              ? input.investment_sub_type_id
              : keepsSubType
                ? (before.sub_type?.id ?? null)
                : null,
          industry_id: input.industry_id,
          investment_category_id: input.investment_category_id,
          investment_character_id: input.investment_character_id,
        });
      },
      remove: async (tx, actor, before) => {
        // Checked again under the row's lock: a draft published while it was being deleted is no longer
        // a draft, and deleting it then needs delete_unsafe (spec §6).
        const [locked] = await tx
          .select({ status: opportunities.status, fund_id: opportunities.fund_id })
          .from(opportunities)
          .where(eq(opportunities.id, before.id))
          .for('update');
        const [deleter] = actor.userId
          ? await tx.select({ role_id: users.role_id }).from(users).where(eq(users.id, actor.userId))
          : [];
        const current = locked ?? before;
        const action: Action = current.status === OPPORTUNITY_STATUS.DRAFT ? 'delete' : 'delete_unsafe';
        if (!deleter || !canOn(deleter.role_id, current, action)) throw forbidden();
        const blockers = await deletionBlockers(tx, before.id);
        if (blockers.length > 0)
          throw fieldError(
            'id',
            `This opportunity has ${blockers.join(', ')}; it cannot be deleted while it has any.`,
          );
        return null;
      },
    },
    purge: async (tx, id) => {
      const [row] = await tx
        .select({ cover: opportunities.cover_image_key })
        .from(opportunities)
        .where(eq(opportunities.id, id));
      return [
        ...(await purgeRecordParts(tx, 'opportunity', id)),
        ...(await contentImageKeys(tx, id)),
        ...(row?.cover ? [row.cover] : []),
      ];
    },
  });

  function publicLink(key: string) {
    const expires = new Date(Date.now() + LINK_MINUTES * 60_000);
    const url = new URL(signer.sign(`/files/${key}`, expires));
    return url.pathname + url.search;
  }

  async function publicDocuments(tx: DbOrTx, id: number): Promise<PublicDocument[]> {
    return (await listDocuments(tx, 'opportunity', id, true)).map((row) => ({
      id: row.id,
      name: row.name,
      content_type: row.content_type,
      size_bytes: row.size_bytes,
      url: publicLink(row.storage_key),
      category: row.category,
    }));
  }

  /** The record with its page, for staff or an investor. */
  async function full(
    tx: DbOrTx,
    id: number,
    viewer: Viewer = 'staff',
    scope?: ReturnType<typeof visibleToInvestor>,
    userId?: number,
  ) {
    const row = await opportunitiesRepository.find(tx, id, scope);
    if (!row) throw notFound(NOT_FOUND);
    const page = toOpportunity(row, await contentOf(tx, id), await publicDocuments(tx, id), viewer);
    return { ...page, remaining_amount: await remainingOf(tx, row, userId) };
  }

  /**
   * What an investor is shown as remaining: the commitment gate's own figure (roomOf), pre-emption holds
   * included; for a holder (`userId`), their own entitlement is not held against them.
   */
  async function remainingOf(tx: DbOrTx, row: OpportunityWithNames, userId?: number) {
    const { available } = await roomOf(tx, row, {
      today: clock.today(),
      committed: row.committed_amount,
      ...(userId === undefined ? {} : { userId }),
    });
    return available;
  }

  /**
   * The record for a staff member allowed `action` on its stage (403 otherwise, 404 when missing, and a
   * fund opportunity while the funds feature is off, as every funds route answers then).
   */
  async function loadFor(tx: DbOrTx, user: UserRow, id: number, action: Action) {
    const record = await records.load(tx, id);
    if (record.fund_id !== null && !(await fundsOn())) throw notFound(NOT_FOUND);
    if (!canOn(user.role_id, record, action)) throw forbidden();
    return record;
  }

  /**
   * The existing investment a new round raises for: one the user may see (checked first, so the answer
   * tells nothing of an opportunity they may not), completed or matured.
   */
  async function existingFor(user: UserRow, id: number) {
    const [existing] = await db.select().from(opportunities).where(eq(opportunities.id, id));
    if (existing && !canOn(user.role_id, existing, 'show')) throw forbidden();
    if (!existing || existing.status < OPPORTUNITY_STATUS.COMPLETED) throw notAnExistingInvestment();
    return existing;
  }

  /** A new draft round's pre-emption (decision 015): every holder's choice, and the audit of it. */
  async function startPreEmption(tx: DbOrTx, actor: Actor, roundId: number, existing: OpportunityRow) {
    const added = await insertHolderChoices(tx, roundId, await holdersOf(tx, existing.id), clock.now());
    await recordAudit(tx, actor, {
      action: 'opportunity.pre_emption_opened',
      subjectType: 'opportunity',
      subjectId: roundId,
      before: { existing_investment_id: null, ends_on: null },
      after: {
        existing_investment_id: existing.id,
        existing_investment: existing.name,
        ends_on: null,
        holders_added: added.length,
      },
    });
  }

  /** Locks the opportunity's row: content changes of one opportunity run one at a time. */
  async function lockFor(tx: DbOrTx, user: UserRow, id: number) {
    await tx
      .select({ id: opportunities.id })
      .from(opportunities)
      .where(eq(opportunities.id, id))
      .for('update');
    return loadFor(tx, user, id, 'update');
  }

  /**
   * Creates a draft, and anything that belongs with it in the same transaction (`then`); a slug taken
   * meanwhile by someone else moves to the next free one.
   */
  async function createDraft(
    actor: Actor,
    values: Omit<NewOpportunity, 'slug'>,
    slug: string | undefined,
    then?: (tx: DbOrTx, created: { id: number }) => Promise<void>,
  ) {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const candidate = slug ?? (await freeSlug(db, slugify(values.name)));
      try {
        return await db.transaction(async (tx) => {
          const created = await records.insert(tx, actor, {
            ...values,
            slug: candidate,
            status: OPPORTUNITY_STATUS.DRAFT,
          });
          await then?.(tx, created);
          return created;
        });
      } catch (error) {
        if (!isUniqueViolation(error) || violatedConstraint(error) !== 'opportunities_slug_unique')
          throw error;
        if (slug) throw fieldError('slug', SLUG_TAKEN);
      }
    }
    throw fieldError('slug', 'No free slug was found for this name; choose one.');
  }

  async function storeImage(field: string, file: UploadedFile, label: string) {
    const detected = await checkUpload(ctx.workers, field, file.body, { ...IMAGE_RULES, label });
    const key = `${IMAGE_FOLDER}/${randomToken(18)}.${detected.extension}`;
    await storage.put(key, file.body, detected.contentType);
    return key;
  }

  /** Runs a change that stored a new file: the file goes again if the change fails; old files go after. */
  async function withStoredFile<T>(
    key: string | null,
    change: () => Promise<{ result: T; replaced: string | null }>,
  ): Promise<T> {
    let outcome: { result: T; replaced: string | null };
    try {
      outcome = await change();
    } catch (error) {
      if (key) await storage.delete(key).catch(() => undefined);
      throw error;
    }
    if (outcome.replaced) await storage.delete(outcome.replaced).catch(() => undefined);
    return outcome.result;
  }

  const subject: SubjectDefinition = {
    type: 'opportunity',
    async find(tx, id) {
      const [row] = await tx
        .select({ id: opportunities.id, name: opportunities.name, status: opportunities.status })
        .from(opportunities)
        .where(eq(opportunities.id, id));
      return row ? { id: row.id, name: row.name, email: null, area: opportunityArea(row.status) } : undefined;
    },
    adminUrl: (id) => `/admin/investments/opportunities/${id}`,
    notesUrl: (id) => `/admin/investments/opportunities/${id}/notes-calls-tasks`,
    resource: 'investment_opportunity_live',
    area: 'opportunities',
  };

  return {
    // Not the record service's create and update: createFor and updateFor sanitise the description.
    listQuery: records.listQuery,
    /** The list as a file: what the staff member's list holds (staffListScope), filtered and sorted. */
    async exportFor(user: UserRow, ...[filters, format, columns]: Parameters<typeof records.export>) {
      return records.export(filters, format, columns, staffListScope(user.role_id, await fundsOn()));
    },
    subject,
    full,

    /**
     * The list: staff see the opportunities their role may index (staffListScope), an investor only
     * what is offered to them (fund opportunities only while the funds feature is on).
     */
    async listFor(user: UserRow, raw: Record<string, unknown>, requestUrl: string) {
      const investor = user.role_id === ROLES.USER;
      const query = parseListQuery(opportunitiesListQuery, raw);
      const { rows, total } = await opportunitiesRepository.list(
        db,
        query,
        investor
          ? visibleToInvestor(user.id, await fundsOn(), await promotionDate())
          : staffListScope(user.role_id, await fundsOn()),
      );
      const viewer: Viewer = investor ? 'investor' : 'staff';
      const data: Array<Partial<OpportunitySummary>> = [];
      for (const row of rows)
        data.push(
          pickFields(
            {
              ...toOpportunitySummary(row, viewer),
              remaining_amount: await remainingOf(db, row, investor ? user.id : undefined),
            },
            query.fields,
          ),
        );
      return paginate(data, total, query, requestUrl);
    },

    /** One opportunity: an investor's only when offered to them (404 otherwise), staff by its stage. */
    async getFor(user: UserRow, id: number) {
      if (user.role_id === ROLES.USER)
        return full(
          db,
          id,
          'investor',
          visibleToInvestor(user.id, await fundsOn(), await promotionDate()),
          user.id,
        );
      await loadFor(db, user, id, 'show');
      return full(db, id);
    },

    /**
     * POST /api/opportunities: a draft. With `pre_emption_of_id`, a new round of that existing investment,
     * its holders' pre-emption choices made with it (Awaiting; they hear of it when it goes live).
     */
    async createFor(actor: Actor, user: UserRow, input: CreateInput) {
      // A fund opportunity is guarded by funds_opportunity (spec §6): making one needs its create.
      if (input.fund_id != null && !can(user.role_id, 'funds_opportunity', 'create')) throw forbidden();
      await checkFundsOn(input.fund_id);
      const existing =
        input.pre_emption_of_id === undefined ? undefined : await existingFor(user, input.pre_emption_of_id);
      const values: Omit<NewOpportunity, 'slug'> = {
        ...givenFields(input, FIELDS),
        // chosen once, at creation (GBP unless given): the update schema has no currency
        ...(input.currency === undefined ? {} : { currency: input.currency }),
        name: input.name,
        company_name: input.company_name,
        description: await sanitisedDescription(ctx.workers, input.description),
        created_by: actor.userId,
        pre_emption_of_id: existing?.id ?? null,
      };
      const created = await createDraft(
        actor,
        values,
        input.slug,
        existing && ((tx, draft) => startPreEmption(tx, actor, draft.id, existing)),
      ).catch((error: unknown) => {
        // The existing investment was deleted since it was read: the same answer as if it never was.
        if (existing && isForeignKeyViolation(error)) throw notAnExistingInvestment();
        if (input.fund_id != null && isForeignKeyViolation(error)) throw fieldError('fund_id', NO_FUND);
        throw error;
      });
      return full(db, created.id);
    },

    async updateFor(actor: Actor, user: UserRow, id: number, input: UpdateInput) {
      const before = await loadFor(db, user, id, 'update');
      if (input.fund_id !== undefined && input.fund_id !== before.fund_id) {
        // Linking or unlinking a fund moves the record to another resource: the action on both.
        if (!canOn(user.role_id, { status: before.status, fund_id: input.fund_id }, 'update'))
          throw forbidden();
        await checkFundsOn(input.fund_id);
      }
      const changes =
        input.description === undefined
          ? input
          : { ...input, description: await sanitisedDescription(ctx.workers, input.description) };
      try {
        await records.update(actor, id, changes);
      } catch (error) {
        if (isUniqueViolation(error) && violatedConstraint(error) === 'opportunities_slug_unique')
          throw fieldError('slug', SLUG_TAKEN);
        // The database's own checks, reached only when two changes cross: say which rule they broke.
        if (isCheckViolation(error))
          throw validationError({
            target_amount: ['The amounts no longer fit together; reload and try again.'],
          });
        throw error;
      }
      return full(db, id);
    },

    /** A draft may go with `delete`; a live or existing one needs `delete_unsafe` and no investments. */
    async removeFor(actor: Actor, user: UserRow, id: number) {
      const record = await records.load(db, id);
      const action: Action = record.status === OPPORTUNITY_STATUS.DRAFT ? 'delete' : 'delete_unsafe';
      if (!canOn(user.role_id, record, action)) throw forbidden();
      await records.remove(actor, id);
    },

    async setCover(actor: Actor, user: UserRow, id: number, file: UploadedFile | undefined) {
      if (!file) throw fieldError('image', 'Choose an image to upload.');
      await loadFor(db, user, id, 'update');
      const key = await storeImage('image', file, 'Cover image');
      await withStoredFile(key, () =>
        db.transaction(async (tx) => {
          const before = await lockFor(tx, user, id);
          const [row] = await tx
            .select({ cover: opportunities.cover_image_key })
            .from(opportunities)
            .where(eq(opportunities.id, id));
          await opportunitiesRepository.update(tx, id, { cover_image_key: key });
          await recordAudit(tx, actor, {
            action: 'opportunity.cover_changed',
            subjectType: 'opportunity',
            subjectId: id,
            after: { name: before.name },
          });
          return { result: undefined, replaced: row?.cover ?? null };
        }),
      );
      return full(db, id);
    },

    async removeCover(actor: Actor, user: UserRow, id: number) {
      await withStoredFile(null, () =>
        db.transaction(async (tx) => {
          const before = await lockFor(tx, user, id);
          const [row] = await tx
            .select({ cover: opportunities.cover_image_key })
            .from(opportunities)
            .where(eq(opportunities.id, id));
          if (!row?.cover) return { result: undefined, replaced: null };
          await opportunitiesRepository.update(tx, id, { cover_image_key: null });
          await recordAudit(tx, actor, {
            action: 'opportunity.cover_removed',
            subjectType: 'opportunity',
            subjectId: id,
            before: { name: before.name },
          });
          return { result: undefined, replaced: row.cover };
        }),
      );
      return full(db, id);
    },

    /** Adds an item to a content section, at its end. */
    async addItem(
      actor: Actor,
      user: UserRow,
      id: number,
      name: OpportunitySection,
      input: Record<string, unknown>,
      files: Record<string, UploadedFile[]>,
    ) {
      const section = SECTION_TABLES[name];
      const file = section.image ? files[section.image.field]?.[0] : undefined;
      if (section.image?.required && !file)
        throw fieldError(section.image.field, 'Choose an image to upload.');
      await loadFor(db, user, id, 'update');
      const key = section.image && file ? await storeImage(section.image.field, file, 'Image') : null;
      return withStoredFile(key, () =>
        db.transaction(async (tx) => {
          await lockFor(tx, user, id);
          const values: Record<string, unknown> = {
            ...pick(input, section.fields),
            opportunity_id: id,
            position: await nextPosition(tx, section, id),
          };
          if (section.image && key) values[section.image.column] = key;
          const row = await insertSectionRow(tx, section, values);
          await recordAudit(tx, actor, {
            action: 'opportunity.content_added',
            subjectType: 'opportunity',
            subjectId: id,
            after: itemSnapshot(section, name, row),
          });
          return { result: section.present(row), replaced: null };
        }),
      );
    },

    async changeItem(
      actor: Actor,
      user: UserRow,
      id: number,
      name: OpportunitySection,
      itemId: number,
      input: Record<string, unknown>,
      files: Record<string, UploadedFile[]>,
    ) {
      const section = SECTION_TABLES[name];
      const file = section.image ? files[section.image.field]?.[0] : undefined;
      await loadFor(db, user, id, 'update');
      const key = section.image && file ? await storeImage(section.image.field, file, 'Image') : null;
      return withStoredFile(key, () =>
        db.transaction(async (tx) => {
          await lockFor(tx, user, id);
          const before = await findSectionRow(tx, section, id, itemId);
          if (!before) throw notFound(`No ${section.noun} of this opportunity with that id.`);
          const values = pick(input, section.fields);
          if (section.image && key) values[section.image.column] = key;
          await updateSectionRow(tx, section, itemId, values);
          const after = await findSectionRow(tx, section, id, itemId);
          if (!after) throw notFound();
          await recordAudit(tx, actor, {
            action: 'opportunity.content_changed',
            subjectType: 'opportunity',
            subjectId: id,
            before: itemSnapshot(section, name, before),
            after: itemSnapshot(section, name, after),
          });
          const replaced = section.image && key ? (before[section.image.column] as string | null) : null;
          return { result: section.present(after), replaced };
        }),
      );
    },

    async removeItem(actor: Actor, user: UserRow, id: number, name: OpportunitySection, itemId: number) {
      const section = SECTION_TABLES[name];
      await withStoredFile(null, () =>
        db.transaction(async (tx) => {
          await lockFor(tx, user, id);
          const before = await findSectionRow(tx, section, id, itemId);
          if (!before) throw notFound(`No ${section.noun} of this opportunity with that id.`);
          await deleteSectionRow(tx, section, itemId);
          await recordAudit(tx, actor, {
            action: 'opportunity.content_removed',
            subjectType: 'opportunity',
            subjectId: id,
            before: itemSnapshot(section, name, before),
          });
          const replaced = section.image ? ((before[section.image.column] as string | null) ?? null) : null;
          return { result: undefined, replaced };
        }),
      );
    },

    /** Puts a section's items in the given order: every item's id, each once. */
    async reorder(actor: Actor, user: UserRow, id: number, name: OpportunitySection, ids: number[]) {
      const section = SECTION_TABLES[name];
      return db.transaction(async (tx) => {
        await lockFor(tx, user, id);
        const rows = await sectionRows(tx, section, id);
        const current = new Set(rows.map((row) => row.id));
        if (
          ids.length !== current.size ||
          new Set(ids).size !== ids.length ||
          !ids.every((item) => current.has(item))
        )
          throw fieldError('ids', `The order must list every ${section.noun} of this opportunity once.`);
        for (const [position, itemId] of ids.entries())
          await updateSectionRow(tx, section, itemId, { position });
        const reordered = await sectionRows(tx, section, id);
        // The order before and after, each item named, so the row reads without the items.
        const order = (list: typeof rows) =>
          list.map((row) => ({ item_id: row.id, title: section.title(row) }));
        await recordAudit(tx, actor, {
          action: 'opportunity.content_reordered',
          subjectType: 'opportunity',
          subjectId: id,
          before: { section: name, ids: rows.map((row) => row.id), items: order(rows) },
          after: { section: name, ids: reordered.map((row) => row.id), items: order(reordered) },
        });
        return reordered.map(section.present);
      });
    },

    /**
     * Turns a pipeline deal into a draft carrying its name, company, summary, industry, type and the amount
     * sought as target. A deal converts once: its row is locked, and the unique index settles a race.
     */
    async convertDeal(actor: Actor, dealId: number) {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        try {
          const id = await db.transaction(async (tx) => {
            const [deal] = await tx
              .select()
              .from(pipelineDeals)
              .where(eq(pipelineDeals.id, dealId))
              .for('update');
            if (!deal) throw notFound('No deal with that id.');
            await refuseConverted(tx, dealId);
            const created = await records.insert(tx, actor, {
              slug: await freeSlug(tx, slugify(deal.name)),
              status: OPPORTUNITY_STATUS.DRAFT,
              name: deal.name,
              company_name: deal.company_name,
              summary: deal.summary?.slice(0, 300) ?? null,
              industry_id: deal.industry_id,
              investment_type_id: deal.investment_type_id,
              target_amount: deal.amount_sought,
              pipeline_deal_id: deal.id,
              created_by: actor.userId,
            });
            await recordAudit(tx, actor, {
              action: 'opportunity.converted_from_deal',
              subjectType: 'opportunity',
              subjectId: created.id,
              after: { pipeline_deal_id: deal.id, deal: deal.name },
            });
            await recordAudit(tx, actor, {
              action: 'pipeline_deal.converted',
              subjectType: 'pipeline_deal',
              subjectId: deal.id,
              after: { opportunity_id: created.id, opportunity: created.name },
            });
            return created.id;
          });
          return full(db, id);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          if (violatedConstraint(error) === 'opportunities_slug_unique') continue;
          // Another conversion of this deal won the race: say so, with the way to it.
          await refuseConverted(db, dealId);
          throw error;
        }
      }
      throw fieldError('pipeline_deal_id', 'No free slug was found for this deal’s name; try again.');
    },
  };

  async function refuseConverted(tx: DbOrTx, dealId: number) {
    const [existing] = await tx
      .select({ id: opportunities.id, name: opportunities.name, status: opportunities.status })
      .from(opportunities)
      .where(eq(opportunities.pipeline_deal_id, dealId));
    if (existing)
      throw fieldError(
        'pipeline_deal_id',
        `This deal has already been converted into the opportunity “${existing.name}”: ${opportunityAdminPath(existing.id, existing.status)}`,
      );
  }
}

/**
 * A content item as its audit row keeps it: the section, its id and title, and every value the page
 * shows (a FAQ's answer, a team member's bio, an image's address), so a change reads in full.
 */
function itemSnapshot(section: SectionTable, name: OpportunitySection, row: SectionRow) {
  const { id, ...values } = section.present(row);
  return { section: name, item_id: id, title: section.title(row), ...values };
}

/** The given fields of an input that a section's table has. */
function pick(input: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    fields.flatMap((field) => (input[field] !== undefined ? [[field, input[field]]] : [])),
  );
}

export type OpportunitiesService = ReturnType<typeof createOpportunitiesService>;

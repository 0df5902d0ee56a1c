import {
  can,
  CATEGORISATION_STATEMENT_VERSION,
  categorisationAnswersSchema,
  categorisationExpiry,
  CATEGORISATION_VALID_MONTHS,
  CATEGORY_TERMS,
  currentCategorisationStatements,
  findCategorisationStatement,
  toCategorisationStatement,
  type Categorisation,
  type FieldErrors,
  type InvestorCategory,
  type ProfileCategorisation,
} from '@portico/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/http/errors';
import {
  asClause,
  createOutbox,
  investorTabUrl,
  loadInvestor,
  parseInto,
  staffWhere,
  throwIfErrors,
  type ComplianceDeps,
} from './compliance.shared';
import { currentOf, toCategorisation } from './categorisations.mapper';
import {
  insertCategorisation,
  listCategorisations,
  lockCategorisation,
  lockInvestorSignings,
  supersedePending,
  updateCategorisation,
} from './categorisations.repository';

/** What is signed: the category, the statement version shown and the answers; staff also say when. */
export interface CategorisationSigning {
  category: InvestorCategory;
  statement_version: string;
  answers: Record<string, unknown>;
  signed_at?: string;
  /** the name the investor typed to sign (portal signings only) */
  signature?: string;
}

/** Signed-at times a little ahead of the server's clock are the signer's clock, not the future. */
const CLOCK_SKEW_MS = 5 * 60_000;
const SUPERSEDED = 'Replaced by a newer categorisation.';

/**
 * Investor categorisation (DOMAIN.md): a signed, versioned statement with its answers, valid for twelve
 * months, approved at once or by staff with investor_category.update when the feature asks for it.
 */
export function createCategorisationsService(ctx: AppContext, deps: ComplianceDeps) {
  const { db } = ctx;
  const { investors, notifications, branding } = deps;

  async function present(tx: DbOrTx, investorId: number): Promise<Categorisation[]> {
    const now = new Date();
    const rows = await listCategorisations(tx, investorId);
    const current = currentOf(rows, now)?.categorisation.id;
    return rows.map((row) => toCategorisation(row, current, now));
  }

  async function one(tx: DbOrTx, investorId: number, id: number) {
    const found = (await present(tx, investorId)).find((item) => item.id === id);
    if (!found) throw notFound('No categorisation with that id.');
    return found;
  }

  /** Checks a signing and answers what to store; every problem is reported at once. */
  function check(input: CategorisationSigning, signedAt: Date) {
    const errors: FieldErrors = {};
    if (input.statement_version !== CATEGORISATION_STATEMENT_VERSION)
      errors.statement_version = [
        `The statement version ${input.statement_version} is no longer in use: sign the current statement (${CATEGORISATION_STATEMENT_VERSION}).`,
      ];
    const answers = parseInto(categorisationAnswersSchema(input.category), input.answers, 'answers', errors);
    const now = Date.now();
    if (signedAt.getTime() > now + CLOCK_SKEW_MS)
      errors.signed_at = ['The signed at date cannot be in the future.'];
    else if (categorisationExpiry(signedAt).getTime() <= now)
      errors.signed_at = [
        `A statement signed more than ${CATEGORISATION_VALID_MONTHS} months ago has expired: the investor must sign a new one.`,
      ];
    throwIfErrors(errors);
    const statement = findCategorisationStatement(input.category);
    if (!statement || !answers) throw fieldError('category', 'The selected category is invalid.');
    return { statement, answers };
  }

  const categoryName = async (category: InvestorCategory) =>
    (await branding.terminology())[CATEGORY_TERMS[category]];

  async function record(actor: Actor, investorId: number, input: CategorisationSigning, self: boolean) {
    const { statement, answers } = check(input, input.signed_at ? new Date(input.signed_at) : new Date());
    const { features } = await branding.current();
    const label = await categoryName(input.category);
    const status = features.complianceRequiresCategorisation ? 'pending' : 'approved';
    const outbox = createOutbox(notifications);
    const id = await db.transaction(async (tx) => {
      const investor = await loadInvestor(tx, investorId);
      await lockInvestorSignings(tx, investorId);
      // Signed now means once the lock is held: a later signing is always the newer one, and replaces this.
      const signedAt = input.signed_at ? new Date(input.signed_at) : new Date();
      const row = await insertCategorisation(tx, {
        user_id: investorId,
        category: input.category,
        statement_version: statement.version,
        statement_text: statement.text,
        answers,
        signature: input.signature ?? null,
        signed_at: signedAt,
        expires_at: categorisationExpiry(signedAt),
        status,
        recorded_by: actor.userId,
      });
      const superseded = await supersedePending(tx, investorId, row, SUPERSEDED);
      await recordAudit(tx, actor, {
        action: 'categorisation.recorded',
        subjectType: 'investor',
        subjectId: investorId,
        after: {
          categorisation_id: row.id,
          category: row.category,
          statement_version: row.statement_version,
          status,
          signed_at: signedAt.toISOString(),
          expires_at: row.expires_at.toISOString(),
          by_investor: self,
          superseded: superseded.map((item) => item.id),
        },
      });
      await investors.refreshOnboardingState(tx, investorId);
      if (status === 'pending')
        await outbox.add(tx, await staffWhere(tx, (role) => can(role, 'investor_category', 'update')), {
          type: 'App\\Notifications\\CategorisationAwaitingApproval',
          audience: 'admin',
          data: {
            message: `**${investor.name}** signed the ${label.toLowerCase()} statement: it awaits approval`,
            cta: investorTabUrl(investorId, 'category'),
            icon: 'default',
          },
        });
      return row.id;
    });
    await outbox.publish();
    return one(db, investorId, id);
  }

  async function decide(
    actor: Actor,
    investorId: number,
    id: number,
    decision: { approve: true } | { approve: false; reason: string },
  ) {
    const outbox = createOutbox(notifications);
    const terms = await branding.terminology();
    await db.transaction(async (tx) => {
      const investor = await loadInvestor(tx, investorId);
      const row = await lockCategorisation(tx, investorId, id);
      if (!row) throw notFound('No categorisation with that id.');
      if (row.status !== 'pending')
        throw fieldError('status', `This categorisation has already been ${row.status}.`);
      if (decision.approve && row.expires_at.getTime() < Date.now())
        throw fieldError(
          'status',
          'This statement has expired while awaiting approval: the investor must sign a new one.',
        );
      const status = decision.approve ? 'approved' : 'rejected';
      const reason = decision.approve ? null : decision.reason;
      await updateCategorisation(tx, id, {
        status,
        reason,
        reviewed_by: actor.userId,
        reviewed_at: new Date(),
      });
      await recordAudit(tx, actor, {
        action: decision.approve ? 'categorisation.approved' : 'categorisation.rejected',
        subjectType: 'investor',
        subjectId: investorId,
        before: { categorisation_id: id, status: row.status },
        after: {
          categorisation_id: id,
          category: row.category,
          statement_version: row.statement_version,
          status,
          reason,
        },
      });
      await investors.refreshOnboardingState(tx, investorId);
      const label = terms[CATEGORY_TERMS[row.category]].toLowerCase();
      await outbox.add(tx, [investor], {
        type: decision.approve
          ? 'App\\Notifications\\CategorisationApproved'
          : 'App\\Notifications\\CategorisationRejected',
        audience: 'user',
        data: {
          message: decision.approve
            ? `Your categorisation as a **${label}** has been approved.`
            : `Your categorisation as a **${label}** was not approved: ${asClause(reason ?? '')}. Please review it and sign again.`,
          cta: '/investor/profile/investor-type',
          icon: 'default',
        },
      });
    });
    await outbox.publish();
    return one(db, investorId, id);
  }

  return {
    async list(investorId: number) {
      await loadInvestor(db, investorId);
      return present(db, investorId);
    },

    /** Staff record a statement the investor signed on a date. */
    record: (actor: Actor, investorId: number, input: CategorisationSigning & { signed_at: string }) =>
      record(actor, investorId, input, false),

    approve: (actor: Actor, investorId: number, id: number) =>
      decide(actor, investorId, id, { approve: true }),

    reject: (actor: Actor, investorId: number, id: number, reason: string) =>
      decide(actor, investorId, id, { approve: false, reason }),

    /** The investor portal: what they hold, what awaits approval, what they may sign. */
    async forInvestor(userId: number): Promise<ProfileCategorisation> {
      const { features } = await branding.current();
      const all = await present(db, userId);
      const latest = all[0];
      const current = all.find((item) => item.is_current) ?? null;
      return {
        current,
        pending: all.find((item) => item.status === 'pending') ?? null,
        rejected: latest?.status === 'rejected' ? latest : null,
        expired: current ? null : (all.find((item) => item.status === 'approved' && item.is_expired) ?? null),
        requires_approval: features.complianceRequiresCategorisation,
        statements: currentCategorisationStatements().map(toCategorisationStatement),
      };
    },

    /** An investor signs a statement themselves, now. */
    signAsInvestor: (actor: Actor, userId: number, input: Omit<CategorisationSigning, 'signed_at'>) =>
      record(actor, userId, { ...input, signed_at: undefined }, true),
  };
}

export type CategorisationsService = ReturnType<typeof createCategorisationsService>;

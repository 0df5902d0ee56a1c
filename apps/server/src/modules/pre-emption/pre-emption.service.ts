import {
  CAP_TABLE_HOLDER_KIND_LABELS,
  can,
  compareDecimal,
  toFixedDecimal,
  type CapTableHolderKind,
  OPPORTUNITY_STATUS,
  opportunityGuard,
  PRE_EMPTION_CHOICE,
  PRE_EMPTION_LABELS,
  ROLES,
  subtractDecimal,
  sumDecimals,
  type Action,
  type PreEmptionChoice,
  type PreEmptionChoiceInput,
  type PreEmptionHolder,
  type PreEmptionOpenInput,
  type PreEmptionRound,
  type ProfilePreEmption,
} from '@portico/contracts';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { opportunities, preEmptionChoices, users, type OpportunityRow, type UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { longDate } from '../../platform/dates';
import { fieldError, forbidden, notFound, validationError } from '../../platform/http/errors';
import { toApiTimestampOrNull } from '../../platform/time';
import { formatAmount } from '../../platform/money';
import type { Notice, NotificationsService } from '../notifications/notifications.service';
import { visibleToInvestor } from '../opportunities/opportunities.repository';
import { lockOpportunityRow, committedOf } from '../investment-transactions/commitments';
import {
  amountProblem,
  claimOf as claimOfChoice,
  entitlementOf,
  outstandingOf,
  totalOutstanding,
  windowOpen,
} from './pre-emption.math';
import { preEmptionOpenedNotice } from './pre-emption.notices';
import { reconciledPercents } from '../cap-table/cap-table.math';
import {
  claimsOf,
  holdersOf,
  insertHolderChoices,
  preEmptionBaseOf,
  unkeptPromise,
  type Claim,
} from './pre-emption.repository';

const NO_OPPORTUNITY = 'No opportunity with that id.';
const NOT_A_ROUND = 'This opportunity is not a new round of an existing investment.';
const NO_RIGHT = 'You hold no pre-emption right in that opportunity.';
/** A round takes choices while it is a draft or live. */
const ROUND_STATUSES: readonly number[] = [
  OPPORTUNITY_STATUS.DRAFT,
  OPPORTUNITY_STATUS.LIVE_EXTERNAL,
  OPPORTUNITY_STATUS.LIVE_INTERNAL,
];
const LIVE: readonly number[] = [OPPORTUNITY_STATUS.LIVE_EXTERNAL, OPPORTUNITY_STATUS.LIVE_INTERNAL];
const EXISTING: readonly number[] = [OPPORTUNITY_STATUS.COMPLETED, OPPORTUNITY_STATUS.MATURED];

const label = (choice: number) => PRE_EMPTION_LABELS[choice as PreEmptionChoice] ?? String(choice);

/**
 * Pre-emption (issue 11, spec §4, decision 015): a new round of an existing investment, each holder's
 * choice on it made by the holder in the portal or by staff, and the entitlements the commitment gate
 * (investment-transactions/commitments.ts) holds for them while the window is open.
 */
export function createPreEmptionService(ctx: AppContext, deps: { notifications: NotificationsService }) {
  const { db, clock } = ctx;
  const { notifications } = deps;
  const today = () => clock.today();

  async function opportunityFor(roleId: number, id: number, action: Action): Promise<OpportunityRow> {
    const [row] = await db.select().from(opportunities).where(eq(opportunities.id, id));
    if (!row) throw notFound(NO_OPPORTUNITY);
    if (!can(roleId, opportunityGuard(row), action)) throw forbidden();
    return row;
  }

  async function existingOf(round: OpportunityRow) {
    if (round.pre_emption_of_id === null) throw notFound(NOT_A_ROUND);
    const [existing] = await db
      .select({ id: opportunities.id, name: opportunities.name })
      .from(opportunities)
      .where(eq(opportunities.id, round.pre_emption_of_id));
    if (!existing) throw notFound(NOT_A_ROUND);
    return existing;
  }

  const toHolder = (claim: Claim, percent: string): PreEmptionHolder => ({
    user: claim.user,
    shares: claim.shares,
    percent,
    entitlement_shares: claim.entitlement?.shares ?? null,
    entitlement: claim.entitlement?.amount ?? null,
    choice: claim.choice.choice,
    choice_label: label(claim.choice.choice),
    amount: claim.choice.amount,
    committed: claim.committed,
    decided_by: claim.decided_by,
    decided_at: toApiTimestampOrNull(claim.choice.decided_at),
  });

  async function roundView(round: OpportunityRow): Promise<PreEmptionRound> {
    const existing = await existingOf(round);
    const [claims, base] = await Promise.all([claimsOf(db, round), preEmptionBaseOf(db, existing.id)]);
    const open = windowOpen(round, today());
    const byChoice: Record<string, number> = {};
    for (const claim of claims) byChoice[claim.choice.choice] = (byChoice[claim.choice.choice] ?? 0) + 1;
    // Everyone's percentage of the shares carrying the right, reconciled to add up to 100.00.
    const percents = reconciledPercents([
      ...claims.map((claim) => claim.shares),
      ...base.offPlatform.map((holder) => holder.shares),
    ]);
    const offPlatform = base.offPlatform.map((holder, index) => {
      const entitlement = entitlementOf(holder.shares, base.total, round);
      return {
        id: holder.id,
        name: holder.name,
        kind: holder.kind,
        kind_label: CAP_TABLE_HOLDER_KIND_LABELS[holder.kind as CapTableHolderKind] ?? holder.kind,
        share_class: holder.share_class,
        shares: toFixedDecimal(holder.shares, 6),
        percent: percents[claims.length + index] ?? '0.00',
        entitlement_shares: entitlement?.shares ?? null,
        entitlement: entitlement?.amount ?? null,
      };
    });
    return {
      opportunity: { id: round.id, name: round.name, status: round.status },
      existing_investment: existing,
      opens_on: round.pre_emption_opens_on,
      ends_on: round.pre_emption_ends_on,
      open,
      holders: claims.map((claim, index) => toHolder(claim, percents[index] ?? '0.00')),
      off_platform: offPlatform,
      totals: {
        shares: sumDecimals(
          claims.map((claim) => claim.shares),
          6,
        ),
        pre_emptive_shares: toFixedDecimal(base.total, 6),
        entitlement: sumDecimals(claims.map((claim) => claim.entitlement?.amount ?? '0')),
        off_platform_entitlement: sumDecimals(offPlatform.map((holder) => holder.entitlement ?? '0')),
        outstanding: open ? totalOutstanding(claims) : '0.00',
        by_choice: byChoice,
      },
    };
  }

  /** Validates a choice against the holder's entitlement; the values to store, or a 422 per field. */
  function decide(claim: Claim, input: PreEmptionChoiceInput, round: OpportunityRow, byStaff: boolean) {
    const choice = input.choice;
    const entitlement = claim.entitlement?.amount ?? null;
    if (!byStaff && choice === PRE_EMPTION_CHOICE.NOT_APPLICABLE)
      throw fieldError('choice', 'Not applicable is recorded by staff; choose Don’t take instead.');
    if (!byStaff && choice === PRE_EMPTION_CHOICE.AWAITING)
      throw fieldError('choice', 'Choose Don’t take, Maintain, Increase or Decrease.');
    // Maintain may leave the amount out: it is the entitlement.
    const amount =
      choice === PRE_EMPTION_CHOICE.MAINTAIN && (input.amount ?? null) === null
        ? entitlement
        : (input.amount ?? null);
    const problem = amountProblem(choice, amount, entitlement, (value) =>
      formatAmount(value, round.currency),
    );
    if (problem) throw validationError({ amount: [problem] });
    return { choice, amount };
  }

  /**
   * Refuses (422) a choice that would hold more for the holder than the round has left: its maximum less
   * what is committed and what is held for the other holders. Holding less (or the same) always passes.
   */
  async function refuseBeyondRoom(
    tx: DbOrTx,
    round: OpportunityRow,
    claims: Claim[],
    holder: Claim,
    values: { choice: PreEmptionChoice; amount: string | null },
  ) {
    if (round.maximum_amount === null) return;
    const wanted = outstandingOf(
      claimOfChoice(values.choice, values.amount, holder.entitlement?.amount ?? null),
      holder.committed,
    );
    if (compareDecimal(wanted, holder.outstanding) <= 0) return;
    const others = totalOutstanding(claims.filter((row) => row.user.id !== holder.user.id));
    const room = subtractDecimal(
      subtractDecimal(round.maximum_amount, await committedOf(tx, round.id)),
      others,
    );
    if (compareDecimal(wanted, room) <= 0) return;
    const left = room.startsWith('-') ? '0.00' : room;
    const field =
      values.choice === PRE_EMPTION_CHOICE.INCREASE || values.choice === PRE_EMPTION_CHOICE.DECREASE
        ? 'amount'
        : 'choice';
    throw fieldError(
      field,
      `The round has ${formatAmount(left, round.currency)} left for this choice (its maximum less what is committed and held for other holders): choose a smaller amount.`,
    );
  }

  /**
   * Refuses (422, undoing the caller's transaction) a round whose holders' outstanding entitlements come to
   * more than it has left (its maximum less what is committed): they would be promised room that is not
   * there. Staff raise the maximum, or open pre-emption before taking commitments.
   */
  async function refuseUnkeptPromises(tx: DbOrTx, roundId: number) {
    const [row] = await tx.select().from(opportunities).where(eq(opportunities.id, roundId));
    if (!row) return;
    const unkept = await unkeptPromise(tx, row, today());
    if (!unkept) return;
    throw fieldError(
      'existing_investment_id',
      `The holders' entitlements come to ${formatAmount(unkept.promised, row.currency)} but the round has ${formatAmount(unkept.left, row.currency)} left: raise its maximum first.`,
    );
  }

  /** Stores a choice with its audit on the round and on the holder; staff hear of an investor's choice. */
  async function store(
    actor: Actor,
    round: OpportunityRow,
    claim: Claim,
    values: { choice: PreEmptionChoice; amount: string | null },
    byStaff: boolean,
  ) {
    const now = clock.now();
    const staffNotice: Notice = {
      type: 'App\\Notifications\\PreEmptionChosen',
      audience: 'admin',
      data: {
        message: `**${claim.user.name}** chose **${label(values.choice)}**${values.amount ? ` (${formatAmount(values.amount, round.currency)})` : ''} on the pre-emption of **${round.name}**.`,
        cta: `/admin/investments/opportunities/${round.id}/pre-emption`,
        icon: 'investment_opportunity_pre_emption',
      },
    };
    const staff = byStaff
      ? []
      : (
          await db
            .select()
            .from(users)
            .where(and(ne(users.role_id, ROLES.USER), isNull(users.deactivated_at)))
        ).filter((member) => can(member.role_id, opportunityGuard(round), 'show'));
    const rows = await db.transaction(async (tx) => {
      // Under the round's lock, with the claims as they are now: a choice that holds more money for the
      // holder must fit what the round has left, or a reservation admitted meanwhile would break the
      // promise that a holder is never refused their claim (decision 015).
      const locked = await lockOpportunityRow(tx, round.id);
      if (!locked) throw notFound(NO_OPPORTUNITY);
      const claims = await claimsOf(tx, locked);
      const current = claims.find((row) => row.user.id === claim.user.id);
      if (!current) throw notFound(NO_RIGHT);
      await refuseBeyondRoom(tx, locked, claims, current, values);
      await tx
        .update(preEmptionChoices)
        .set({
          choice: values.choice,
          amount: values.amount,
          decided_by: actor.userId,
          decided_at: now,
          updated_at: now,
        })
        .where(eq(preEmptionChoices.id, current.choice.id));
      const facts = {
        holder: claim.user.name,
        opportunity: round.name,
        choice: values.choice,
        choice_label: label(values.choice),
        amount: values.amount,
        amount_text: values.amount ? formatAmount(values.amount, round.currency) : null,
        currency: round.currency,
        entitlement: claim.entitlement?.amount ?? null,
        by: byStaff ? 'staff' : 'holder',
      };
      const before = {
        choice: current.choice.choice,
        choice_label: label(current.choice.choice),
        amount: current.choice.amount,
      };
      await recordAudit(tx, actor, {
        action: 'opportunity.pre_emption_chosen',
        subjectType: 'opportunity',
        subjectId: round.id,
        before,
        after: facts,
      });
      await recordAudit(tx, actor, {
        action: 'investor.pre_emption_chosen',
        subjectType: 'investor',
        subjectId: claim.user.id,
        before,
        after: facts,
      });
      return notifications.record(tx, staff, staffNotice);
    });
    await notifications.publish(rows, staffNotice);
  }

  /** The holder's claim on a round, or undefined. */
  async function claimOf(round: OpportunityRow, userId: number) {
    return (await claimsOf(db, round)).find((claim) => claim.user.id === userId);
  }

  function toProfile(round: OpportunityRow, existing: { id: number; name: string }, claim: Claim) {
    return {
      opportunity: { id: round.id, name: round.name, slug: round.slug, currency: round.currency },
      existing_investment: existing,
      opens_on: round.pre_emption_opens_on,
      ends_on: round.pre_emption_ends_on,
      open: windowOpen(round, today()),
      shares: claim.shown_shares,
      entitlement_shares: claim.entitlement?.shares ?? null,
      entitlement: claim.entitlement?.amount ?? null,
      share_price: round.share_price,
      choice: claim.choice.choice,
      choice_label: label(claim.choice.choice),
      amount: claim.choice.amount,
      committed: claim.shown_committed,
      decided_at: toApiTimestampOrNull(claim.choice.decided_at),
    } satisfies ProfilePreEmption;
  }

  /** The live round the investor holds a right in, or a 404. */
  async function heldRound(user: UserRow, opportunityId: number) {
    const [round] = await db
      .select()
      .from(opportunities)
      // live, and open to the investor (a Live - Internal round only when they are invited)
      .where(and(eq(opportunities.id, opportunityId), visibleToInvestor(user.id)));
    if (!round || round.pre_emption_of_id === null) throw notFound(NO_RIGHT);
    const claim = await claimOf(round, user.id);
    // Not applicable (sold out, or held only through a private_manual allotment): no right to show.
    if (!claim || claim.choice.choice === PRE_EMPTION_CHOICE.NOT_APPLICABLE) throw notFound(NO_RIGHT);
    return { round, claim, existing: await existingOf(round) };
  }

  return {
    /**
     * POST /api/opportunities/{id}/pre-emption: makes a draft or live opportunity the new round of an
     * existing investment (or moves its window's last day), and gives every holder a choice: Awaiting,
     * or Not applicable for a holder with no shares left. Live rounds notify the holders (live + email).
     */
    async open(actor: Actor, roleId: number, id: number, input: PreEmptionOpenInput) {
      const round = await opportunityFor(roleId, id, 'update');
      if (!ROUND_STATUSES.includes(round.status))
        throw fieldError(
          'existing_investment_id',
          'Only a draft or live opportunity can be the new round of an existing investment.',
        );
      if (input.existing_investment_id === round.id)
        throw fieldError('existing_investment_id', 'An opportunity cannot be a new round of itself.');
      const [existing] = await db
        .select()
        .from(opportunities)
        .where(eq(opportunities.id, input.existing_investment_id));
      if (!existing || !EXISTING.includes(existing.status))
        throw fieldError(
          'existing_investment_id',
          'Choose an existing investment (a completed or matured opportunity).',
        );
      if (!can(roleId, opportunityGuard(existing), 'show')) throw forbidden();
      if (round.pre_emption_of_id !== null && round.pre_emption_of_id !== existing.id)
        throw fieldError(
          'existing_investment_id',
          'This round already raises for another existing investment.',
        );
      const endsOn = input.ends_on === undefined ? round.pre_emption_ends_on : input.ends_on;
      if (endsOn !== null && endsOn < today())
        throw fieldError('ends_on', 'The pre-emption window cannot end in the past.');
      // The offer's first day: kept when left out, today for a round opened now.
      const opensOn =
        input.opens_on === undefined
          ? (round.pre_emption_opens_on ?? (round.pre_emption_of_id === null ? today() : null))
          : input.opens_on;
      if (opensOn !== null && endsOn !== null && endsOn < opensOn)
        throw fieldError(
          'ends_on',
          `The pre-emption window cannot end before the offer opens (${longDate(opensOn)}).`,
        );
      const holders = await holdersOf(db, existing.id);
      const recipients = await db
        .select()
        .from(users)
        .where(
          inArray(
            users.id,
            holders.filter((holder) => compareDecimal(holder.shown_shares, '0') > 0).map((h) => h.user_id),
          ),
        );
      const notice = preEmptionOpenedNotice(existing, round);
      const now = clock.now();
      const { added, rows } = await db.transaction(async (tx) => {
        // Under the round's lock (commitments wait): the entitlements promised must fit what is left.
        await lockOpportunityRow(tx, round.id);
        await tx
          .update(opportunities)
          .set({
            pre_emption_of_id: existing.id,
            pre_emption_opens_on: opensOn,
            pre_emption_ends_on: endsOn,
            updated_at: now,
          })
          .where(eq(opportunities.id, round.id));
        const inserted = await insertHolderChoices(tx, round.id, holders, now);
        await recordAudit(tx, actor, {
          action: 'opportunity.pre_emption_opened',
          subjectType: 'opportunity',
          subjectId: round.id,
          before: {
            existing_investment_id: round.pre_emption_of_id,
            opens_on: round.pre_emption_opens_on,
            ends_on: round.pre_emption_ends_on,
          },
          after: {
            existing_investment_id: existing.id,
            existing_investment: existing.name,
            opens_on: opensOn,
            ends_on: endsOn,
            holders_added: inserted.length,
          },
        });
        await refuseUnkeptPromises(tx, round.id);
        // Holders hear of it once, when the round is live (investors cannot see a draft).
        const newlyAwaiting = new Set(
          inserted.filter((row) => row.choice === PRE_EMPTION_CHOICE.AWAITING).map((row) => row.user_id),
        );
        const notified = LIVE.includes(round.status)
          ? await notifications.record(
              tx,
              recipients.filter((user) => newlyAwaiting.has(user.id)),
              notice,
            )
          : [];
        return { added: inserted.length, rows: notified };
      });
      await notifications.publish(rows, notice);
      const [after] = await db.select().from(opportunities).where(eq(opportunities.id, round.id));
      if (!after) throw notFound(NO_OPPORTUNITY);
      return { ...(await roundView(after)), added };
    },

    /** GET /api/opportunities/{id}/follow-on-rounds: the new rounds raising for an existing investment. */
    async followOns(roleId: number, id: number) {
      await opportunityFor(roleId, id, 'show');
      return db
        .select({ id: opportunities.id, name: opportunities.name, status: opportunities.status })
        .from(opportunities)
        .where(eq(opportunities.pre_emption_of_id, id))
        .orderBy(opportunities.id);
    },

    /** GET /api/opportunities/{id}/pre-emption */
    async show(roleId: number, id: number): Promise<PreEmptionRound> {
      return roundView(await opportunityFor(roleId, id, 'show'));
    },

    /** PUT /api/opportunities/{id}/pre-emption/{userId}: staff record a holder's choice. */
    async record(actor: Actor, roleId: number, id: number, userId: number, input: PreEmptionChoiceInput) {
      const round = await opportunityFor(roleId, id, 'update');
      await existingOf(round);
      if (!ROUND_STATUSES.includes(round.status))
        throw fieldError(
          'choice',
          'Choices are recorded while the round is a draft or live: this round has closed.',
        );
      const claim = await claimOf(round, userId);
      if (!claim) throw notFound('That investor holds no pre-emption right in this round.');
      await store(actor, round, claim, decide(claim, input, round, true), true);
      return roundView(round);
    },

    /** GET /api/profile/pre-emption: the investor's rights in live rounds. */
    async mine(user: UserRow): Promise<ProfilePreEmption[]> {
      const rounds = await db
        .select({ round: opportunities })
        .from(preEmptionChoices)
        .innerJoin(opportunities, eq(opportunities.id, preEmptionChoices.opportunity_id))
        .where(
          and(
            eq(preEmptionChoices.user_id, user.id),
            ne(preEmptionChoices.choice, PRE_EMPTION_CHOICE.NOT_APPLICABLE),
            visibleToInvestor(user.id),
            sql`${opportunities.pre_emption_of_id} is not null`,
          ),
        )
        .orderBy(opportunities.name, opportunities.id);
      const answer: ProfilePreEmption[] = [];
      for (const { round } of rounds) {
        const claim = await claimOf(round, user.id);
        if (claim) answer.push(toProfile(round, await existingOf(round), claim));
      }
      return answer;
    },

    /** PUT /api/profile/pre-emption/{opportunityId}: the investor's own choice, while the window is open. */
    async choose(actor: Actor, user: UserRow, opportunityId: number, input: PreEmptionChoiceInput) {
      const { round, claim, existing } = await heldRound(user, opportunityId);
      if (round.pre_emption_opens_on !== null && today() < round.pre_emption_opens_on)
        throw fieldError(
          'choice',
          `The pre-emption offer opens on ${longDate(round.pre_emption_opens_on)}: choose from then.`,
        );
      if (!windowOpen(round, today()))
        throw fieldError(
          'choice',
          round.pre_emption_ends_on
            ? `The pre-emption window closed on ${longDate(round.pre_emption_ends_on)}.`
            : 'The pre-emption window has closed.',
        );
      await store(actor, round, claim, decide(claim, input, round, false), false);
      const after = await claimOf(round, user.id);
      if (!after) throw notFound(NO_RIGHT);
      return toProfile(round, existing, after);
    },
  };
}

export type PreEmptionService = ReturnType<typeof createPreEmptionService>;

import {
  can,
  compareDecimal,
  costOfShares,
  FIRST_INVESTMENT_COOLING_OFF_SECONDS,
  INVESTMENT_STATUSES,
  isZeroDecimal,
  opportunityGuard,
  parseListQuery,
  profileInvestmentsListQuery,
  wholeSharesFor,
  type createInvestmentInputSchema,
  type CreatedInvestment,
  type FeatureSet,
  type FieldErrors,
  type FirstInvestmentWarning,
  type firstInvestmentWarningInputSchema,
  type Holding,
  type InvestingContext,
  type InvestingReason,
  type ProfileInvestment,
} from '@portico/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { InvestmentRow, OpportunityRow, UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound, validationError } from '../../platform/http/errors';
import { renderMail } from '../../platform/mail/templates';
import { londonDate, toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import type { BrandingService } from '../branding/branding.service';
import type { Notice, NotificationsService } from '../notifications/notifications.service';
import { loadOnboardingFacts, loadOnboardingSettings } from '../onboarding/onboarding.repository';
import { onboardingSteps } from '../onboarding/onboarding.steps';
import { imageUrl } from '../opportunities/opportunity-content';
import {
  lockForCommitment,
  paymentReferenceFor,
  precheckCommitment,
  roomOf,
} from '../investment-transactions/commitments';
import { longDate } from '../../platform/dates';
import {
  acknowledgeWarning,
  activeEntity,
  activeStaff,
  cancelReserved,
  clientNominee,
  countLiveInvestments,
  findOpenOpportunity,
  findOpportunityStatus,
  findWarning,
  firstNameOf,
  holdingIdOf,
  holdingVehicles,
  insertInvestment,
  insertWarningOnce,
  linkedOrganisation,
  listInvestments,
  updateInvestment,
  type InvestmentListRow,
  type OpportunityWithCommitted,
  type WarningRow,
} from './investing.repository';
import { formatAmount, formatPrice, formatShares } from '../../platform/money';
import {
  formatMoment,
  OPPORTUNITY_CLOSED,
  OPPORTUNITY_NOT_OPEN,
  riskWarningText,
  WITHDRAWN_BY_INVESTOR,
} from './investing.words';
import { promotionDateOf } from '../promotion-exceptions/promotion-gate';

type CreateInput = z.output<typeof createInvestmentInputSchema>;
type WarningInput = z.output<typeof firstInvestmentWarningInputSchema>;

/**
 * A reservation written before the round's lock whose rows quote terms that moved between reading the
 * round and locking it: it is made again with the lock taken first.
 */
class LockFirst extends Error {}

/** Whether the locked round still has the terms a reservation written before the lock quotes. */
const sameTerms = (locked: OpportunityRow, read: OpportunityRow) =>
  locked.share_price === read.share_price &&
  locked.minimum_investment === read.minimum_investment &&
  locked.currency === read.currency &&
  locked.name === read.name &&
  locked.slug === read.slug;

const NOT_FOUND = 'No investment with that id.';
const SELF_NAME = 'In your own name';

/** A holding resolved from the request: its type, the vehicle's id and name. */
interface ResolvedHolding {
  type: Holding['type'];
  id: number | null;
  name: string;
}

/** The amount an investor's money buys: whole shares at the share price, and what they cost. */
interface Priced {
  shares: string;
  amount: string;
}

/**
 * The investor's investing (issue 11): reserving an allocation under the opportunity's row lock (never
 * past its maximum, once per Idempotency-Key), the gates before it (onboarding, the first-investment
 * warning and its cooling-off by the server clock, the investment terms), the investor's own investments
 * and withdrawing a reservation.
 */
export function createInvestingService(
  ctx: AppContext,
  deps: { notifications: NotificationsService; branding: BrandingService },
) {
  const { db, clock, config, mailer } = ctx;
  const { notifications, branding } = deps;

  const features = async (): Promise<FeatureSet> => (await branding.current()).features;
  /** What findOpenOpportunity needs of the features: funds, and the promotion-exemption gate (decision 032). */
  const gate = async (): Promise<[boolean, string | null]> => {
    const flags = await features();
    return [flags.funds, promotionDateOf(flags.financialPromotionExceptions, clock)];
  };

  // ── presenting ───────────────────────────────────────────────────────────────────────────────

  function toProfileInvestment(row: InvestmentListRow, flags: FeatureSet): ProfileInvestment {
    const { investment, opportunity } = row;
    const bankGiven = [
      opportunity.bank_account_name,
      opportunity.bank_sort_code,
      opportunity.bank_account_number,
      opportunity.bank_iban,
    ].some((value) => value);
    return {
      id: investment.id,
      amount: investment.amount,
      shares: investment.shares,
      status: investment.status,
      type: investment.type,
      paid_amount: investment.paid_amount,
      // only a fund commitment has one (decision 026)
      ...(investment.called_amount === null ? {} : { called_amount: investment.called_amount }),
      payment_reference: flags.hidePayee ? null : investment.payment_reference,
      created_at: toApiTimestamp(investment.created_at),
      called_at: toApiTimestampOrNull(investment.called_at),
      paid_at: toApiTimestampOrNull(investment.paid_at),
      completed_at: toApiTimestampOrNull(investment.completed_at),
      cancelled_at: toApiTimestampOrNull(investment.cancelled_at),
      cancel_reason: investment.cancel_reason,
      holding: {
        type: investment.holding_type,
        id: holdingIdOf(investment),
        name: row.holding_name ?? SELF_NAME,
      },
      opportunity: {
        id: opportunity.id,
        slug: opportunity.slug,
        name: opportunity.name,
        company_name: opportunity.company_name,
        status: opportunity.status,
        currency: opportunity.currency,
        share_price: opportunity.share_price,
        tax_relief: opportunity.tax_relief,
        cover_image_url: imageUrl(opportunity.cover_image_key),
      },
      cash_call: row.cash_call,
      bank_details:
        flags.hideBank || !bankGiven
          ? null
          : {
              account_name: opportunity.bank_account_name,
              sort_code: opportunity.bank_sort_code,
              account_number: opportunity.bank_account_number,
              ...(flags.internationalBank
                ? { iban: opportunity.bank_iban, swift: opportunity.bank_swift }
                : {}),
            },
    };
  }

  function toCreated(
    row: InvestmentRow,
    holdingName: string | null,
    requested: string,
    opportunity: Pick<OpportunityRow, 'share_price' | 'currency'>,
  ): CreatedInvestment {
    const rounded = compareDecimal(requested, row.amount) !== 0;
    return {
      id: row.id,
      opportunity_id: row.opportunity_id,
      amount: row.amount,
      shares: row.shares ?? '0',
      status: row.status,
      holding: { type: row.holding_type, id: holdingIdOf(row), name: holdingName ?? SELF_NAME },
      payment_reference: row.payment_reference,
      created_at: toApiTimestamp(row.created_at),
      requested_amount: requested,
      rounding_note:
        rounded && opportunity.share_price
          ? `${formatAmount(requested, opportunity.currency)} buys ${formatShares(row.shares ?? '0')} whole shares at ${formatPrice(opportunity.share_price, opportunity.currency)} each, so ${formatAmount(row.amount, opportunity.currency)} is reserved.`
          : null,
    };
  }

  function toWarning(row: WarningRow): FirstInvestmentWarning {
    return {
      opportunity_id: row.opportunity_id,
      text: row.warning_text,
      shown_at: toApiTimestamp(row.shown_at),
      acknowledged_at: toApiTimestampOrNull(row.acknowledged_at),
      cooling_off_ends_at: toApiTimestamp(row.cooling_off_ends_at),
      cooling_off_seconds_left: secondsUntil(row.cooling_off_ends_at),
    };
  }

  const secondsUntil = (end: Date) => Math.max(0, Math.ceil((end.getTime() - clock.now().getTime()) / 1000));

  // ── the rules ────────────────────────────────────────────────────────────────────────────────

  /** The opportunity if it takes this investor's commitments now; a 422 on opportunity_id otherwise. */
  async function openOpportunity(user: UserRow, id: number): Promise<OpportunityWithCommitted> {
    const row = await findOpenOpportunity(db, user.id, id, ...(await gate()));
    if (row) return row;
    // Once it has been live, a closed, completed or matured opportunity is no secret: say why.
    const other = await findOpportunityStatus(db, id);
    if (other && other.status >= 4 && other.published_at)
      throw fieldError('opportunity_id', OPPORTUNITY_CLOSED);
    throw fieldError('opportunity_id', OPPORTUNITY_NOT_OPEN);
  }

  /**
   * Whole shares at the share price, at least the minimum and at least one share: the errors on
   * `amount`, each a sentence naming the figure.
   */
  function price(
    requested: string,
    opportunity: Pick<OpportunityRow, 'share_price' | 'minimum_investment' | 'currency'>,
  ): Priced | string {
    const { share_price: sharePrice, minimum_investment: minimum, currency } = opportunity;
    if (!sharePrice) return OPPORTUNITY_CLOSED;
    const shares = wholeSharesFor(requested, sharePrice);
    if (isZeroDecimal(shares))
      return `At ${formatPrice(sharePrice, currency)} a share, the smallest investment is ${formatAmount(costOfShares('1', sharePrice), currency)}.`;
    const amount = costOfShares(shares, sharePrice);
    if (minimum && compareDecimal(amount, minimum) < 0) {
      if (compareDecimal(requested, minimum) < 0)
        return `The minimum investment is ${formatAmount(minimum, currency)}.`;
      // The amount reaches the minimum but its whole shares do not: name the next amount that does.
      const least = addOneShareIfShort(minimum, sharePrice);
      return `The minimum investment is ${formatAmount(minimum, currency)}: at ${formatPrice(sharePrice, currency)} a share, invest at least ${formatAmount(least, currency)}.`;
    }
    return { shares, amount };
  }

  /** The cost of the fewest whole shares that reach `minimum`. */
  function addOneShareIfShort(minimum: string, sharePrice: string) {
    const shares = wholeSharesFor(minimum, sharePrice);
    const cost = costOfShares(shares, sharePrice);
    if (compareDecimal(cost, minimum) >= 0) return cost;
    return costOfShares(String(BigInt(shares) + 1n), sharePrice);
  }

  /** The vehicle the request names, checked against the investor and the features on. */
  async function resolveHolding(
    user: UserRow,
    holding: CreateInput['holding'],
    flags: FeatureSet,
  ): Promise<{ holding: ResolvedHolding } | { errors: FieldErrors }> {
    switch (holding.type) {
      case 'self':
        return { holding: { type: 'self', id: null, name: SELF_NAME } };
      case 'organisation': {
        if (!flags.organisationLinks)
          return {
            errors: {
              'holding.type': ['Investing through an organisation is not available on this platform.'],
            },
          };
        const found = await linkedOrganisation(db, user.id, holding.organisation_id);
        return found
          ? { holding: { type: 'organisation', id: found.id, name: found.name } }
          : { errors: { 'holding.organisation_id': ['Choose an organisation you are linked to.'] } };
      }
      case 'investment_method': {
        const found = await activeEntity(db, user.id, holding.investment_method_entity_id);
        return found
          ? { holding: { type: 'investment_method', id: found.id, name: found.name } }
          : {
              errors: {
                'holding.investment_method_entity_id': [
                  'Choose one of your investment-method accounts that is active.',
                ],
              },
            };
      }
      case 'nominee': {
        if (!flags.nominee)
          return {
            errors: { 'holding.type': ['Investing through a nominee is not available on this platform.'] },
          };
        const found = await clientNominee(db, user.id, holding.nominee_id);
        return found
          ? { holding: { type: 'nominee', id: found.id, name: found.name } }
          : { errors: { 'holding.nominee_id': ['Choose a nominee that acts for you.'] } };
      }
    }
  }

  /**
   * What keeps the investor from investing now: the onboarding steps not done (with their pages), and
   * for a first investment the risk warning, its acknowledgement and the cooling-off (server clock).
   */
  async function readiness(user: UserRow, opportunity: Pick<OpportunityRow, 'slug'>) {
    const settings = await loadOnboardingSettings(db);
    const [facts] = await loadOnboardingFacts(db, [user.id]);
    if (!facts) throw new Error('the investor has no user row');
    const reasons: InvestingReason[] = onboardingSteps(facts, settings)
      .filter((step) => step.required && step.state !== 'done')
      .map((step) => ({ code: step.key, message: `${step.label}: ${step.detail}`, href: step.path }));
    const first = (await countLiveInvestments(db, user.id)) === 0;
    const warning = first ? await findWarning(db, user.id) : undefined;
    const page = `/investor/investments/${opportunity.slug}`;
    let secondsLeft = 0;
    if (first && !warning)
      reasons.push({
        code: 'risk_warning',
        message:
          'Read the risk warning shown with the opportunity: your first investment opens 24 hours after you first see it.',
        href: page,
      });
    if (warning) {
      if (!warning.acknowledged_at)
        reasons.push({
          code: 'risk_warning_acknowledgement',
          message: 'Confirm that you have read the risk warning.',
          href: page,
        });
      secondsLeft = secondsUntil(warning.cooling_off_ends_at);
      if (secondsLeft > 0)
        reasons.push({
          code: 'cooling_off',
          message: `Your first investment opens at ${formatMoment(warning.cooling_off_ends_at)}, 24 hours after you first saw the risk warning.`,
          href: null,
        });
    }
    return { reasons, first, warning, secondsLeft };
  }

  // ── notices ──────────────────────────────────────────────────────────────────────────────────

  const staffNotice = (
    message: string,
    opportunityId: number,
    kind: 'invested' | 'withdrawn' = 'invested',
  ): Notice => ({
    type:
      kind === 'invested'
        ? 'App\\Notifications\\OpportunityInvested'
        : 'App\\Notifications\\InvestmentWithdrawn',
    audience: 'admin',
    data: {
      message,
      cta: `/admin/investments/opportunities/${opportunityId}/transactions`,
      icon: kind === 'invested' ? 'investment_opportunity_invested' : 'default',
    },
  });

  /** Staff who may see the opportunity at its stage. */
  async function staffFor(tx: DbOrTx, opportunity: { status: number; fund_id: number | null }) {
    return (await activeStaff(tx)).filter((member) =>
      can(member.role_id, opportunityGuard(opportunity), 'show'),
    );
  }

  /** The investor's confirmation: a notification, and an email with the figures whatever their settings. */
  function confirmation(user: UserRow, opportunity: OpportunityRow, row: InvestmentRow, flags: FeatureSet) {
    const amount = formatAmount(row.amount, opportunity.currency);
    const shares = formatShares(row.shares ?? '0');
    const cta = `/investor/investments/${opportunity.slug}`;
    const notice: Notice = {
      type: 'App\\Notifications\\InvestmentReserved',
      audience: 'user',
      data: {
        message: `Your allocation of **${amount}** (${shares} shares) in **${opportunity.name}** is reserved.`,
        cta,
        icon: 'default',
      },
    };
    const lines = [
      `Your allocation in ${opportunity.name} is reserved: ${amount} for ${shares} shares.`,
      ...(row.payment_reference && !flags.hidePayee
        ? [`Your payment reference is ${row.payment_reference}. Quote it when you pay.`]
        : []),
      'Please do not send money yet: we will send you a cash call with the amount, the due date and where to pay.',
    ];
    const mail = renderMail(config.APP_NAME, {
      subject: `${config.APP_NAME}: your allocation in ${opportunity.name} is reserved`,
      greeting: `Hello ${user.name},`,
      lines,
      action: { label: 'View your investment', url: `${config.APP_URL}${cta}` },
    });
    return { notice, mail };
  }

  // ── the API ──────────────────────────────────────────────────────────────────────────────────

  return {
    /**
     * POST /api/investments: reserves an allocation. A retried request is answered by the route's
     * Idempotency-Key (platform/http/idempotency.ts), never reaching here twice.
     */
    async invest(actor: Actor, user: UserRow, input: CreateInput) {
      const flags = await features();
      const opportunity = await openOpportunity(user, input.opportunity_id);

      // Every refusal at once, each on its field.
      const errors: FieldErrors = {};
      const resolved = await resolveHolding(user, input.holding, flags);
      if ('errors' in resolved) Object.assign(errors, resolved.errors);
      const priced = price(input.amount, opportunity);
      if (typeof priced === 'string') errors.amount = [priced];
      if (flags.investmentTerms && input.terms_accepted !== true)
        errors.terms_accepted = ['Accept the investment terms to reserve your allocation.'];
      const { reasons } = await readiness(user, opportunity);
      if (reasons.length > 0) errors.investor = reasons.map((reason) => reason.message);
      if (Object.keys(errors).length > 0) throw validationError(errors);
      if (!('holding' in resolved)) throw validationError(errors);
      const vehicle = resolved.holding;

      // Read before the transaction: nothing here needs the round's lock.
      const staff = await staffFor(db, opportunity);
      const now = clock.now();
      const today = londonDate(now);
      const amountOn = (row: OpportunityRow) => {
        const priced = price(input.amount, row);
        if (typeof priced === 'string') throw fieldError('amount', priced);
        return priced.amount;
      };
      const gateCheck = { voice: 'investor', userId: user.id, today } as const;

      /**
       * One reservation, all or nothing. The round's lock (THE commitment gate, decisions 014 and 015: the
       * row lock every writer of committed money queues on, the maximum, and holders' pre-emption
       * entitlements held while the window is open) is taken LAST (issue 22): the investment, its audit
       * rows, the notifications and the email are written first, from the round as read above, and the
       * lock is held for the check against what the others have committed and for the commit alone. A
       * refusal rolls every row back. Should the round's terms these rows quote (price, minimum, name)
       * have moved before the lock, the attempt is abandoned and made again with the lock taken first
       * (LockFirst). Before writing, the gate's check runs once without the lock (precheckCommitment), so
       * a round already full, closed, or an amount whose shares overflow is refused at once, in the
       * gate's order and words.
       */
      const reserve = (lockFirst: boolean) =>
        db.transaction(async (tx) => {
          const round: OpportunityRow = lockFirst
            ? (await lockForCommitment(tx, opportunity.id, amountOn, gateCheck)).opportunity
            : opportunity;
          // A round already full refuses before anything is written (the gate's words, no lock yet): in a
          // burst, the reservations that begin after it filled stop here, not after their writes.
          if (!lockFirst) await precheckCommitment(tx, round, amountOn, gateCheck);
          const final = price(input.amount, round);
          if (typeof final === 'string') throw fieldError('amount', final);
          const inserted = await insertInvestment(tx, {
            opportunity_id: round.id,
            user_id: user.id,
            amount: final.amount,
            shares: final.shares,
            status: 'reserved',
            type: 'platform',
            holding_type: vehicle.type,
            organisation_id: vehicle.type === 'organisation' ? vehicle.id : null,
            investment_method_entity_id: vehicle.type === 'investment_method' ? vehicle.id : null,
            nominee_id: vehicle.type === 'nominee' ? vehicle.id : null,
            terms_accepted_at: input.terms_accepted === true ? now : null,
            created_at: now,
            updated_at: now,
          });
          const row = await updateInvestment(tx, inserted.id, {
            payment_reference: paymentReferenceFor(round.id, inserted.id),
          });
          const after = {
            investment_id: row.id,
            investor: user.name,
            opportunity: round.name,
            amount: row.amount,
            currency: round.currency,
            shares: row.shares,
            holding: vehicle.type === 'self' ? SELF_NAME : `${vehicle.type}: ${vehicle.name}`,
          };
          await recordAudit(tx, actor, {
            action: 'opportunity.investment_reserved',
            subjectType: 'opportunity',
            subjectId: round.id,
            after,
          });
          await recordAudit(tx, actor, {
            action: 'investor.investment_reserved',
            subjectType: 'investor',
            subjectId: user.id,
            after,
          });
          const staffNote = staffNotice(
            `**${user.name}** reserved **${formatAmount(row.amount, round.currency)}** in **${round.name}**.`,
            round.id,
          );
          const staffRows = await notifications.record(tx, staff, staffNote);
          const { notice, mail } = confirmation(user, round, row, flags);
          // The confirmation email is sent whatever the notification-email setting: it records a commitment.
          const investorRows = await notifications.record(
            tx,
            [{ ...user, notification_emails: false }],
            notice,
          );
          await mailer.queue(tx, { to: user.email, ...mail });
          if (!lockFirst) {
            const { opportunity: locked } = await lockForCommitment(tx, round.id, amountOn, {
              ...gateCheck,
              ownInvestmentId: row.id,
            });
            if (!sameTerms(locked, round)) throw new LockFirst();
          }
          return {
            row,
            round,
            publish: async () => {
              await notifications.publish(staffRows, staffNote);
              await notifications.publish(investorRows, notice);
            },
          };
        });
      const stored = await reserve(false).catch((error: unknown) => {
        if (error instanceof LockFirst) return reserve(true);
        throw error;
      });
      await stored.publish();
      return {
        data: toCreated(stored.row, vehicle.id === null ? null : vehicle.name, input.amount, stored.round),
      };
    },

    /** GET /api/profile/investments */
    /**
     * The 24-hour cooling-off before a first investment while it runs: when it ends and on which
     * opportunity the risk warning was first seen; null once over, or once the investor has invested
     * (it applies to a first investment only).
     */
    async coolingOff(user: UserRow): Promise<{ ends_at: Date; opportunity_id: number | null } | null> {
      const [warning, live] = await Promise.all([
        findWarning(db, user.id),
        countLiveInvestments(db, user.id),
      ]);
      if (!warning || live > 0 || secondsUntil(warning.cooling_off_ends_at) <= 0) return null;
      return { ends_at: warning.cooling_off_ends_at, opportunity_id: warning.opportunity_id };
    },

    async list(user: UserRow, raw: Record<string, unknown>): Promise<ProfileInvestment[]> {
      const query = parseListQuery(profileInvestmentsListQuery, raw);
      const values = (name: string) => {
        const filter = query.filters.find((candidate) => candidate.name === name);
        if (!filter) return undefined;
        const list = Array.isArray(filter.value) ? filter.value : [filter.value];
        return list.map(String);
      };
      const statuses = values('status')?.filter((status) =>
        (INVESTMENT_STATUSES as readonly string[]).includes(status),
      );
      const opportunityIds = values('opportunity_id')
        ?.filter((id) => /^[1-9]\d{0,15}$/.test(id))
        .map(Number);
      const rows = await listInvestments(db, user.id, {
        ...(statuses ? { statuses } : {}),
        ...(opportunityIds ? { opportunityIds } : {}),
        sort: [...query.sort],
      });
      const flags = await features();
      return rows.map((row) => toProfileInvestment(row, flags));
    },

    /** GET /api/profile/investments/{id}: the investor's own only (404 otherwise). */
    async one(user: UserRow, id: number): Promise<ProfileInvestment> {
      const [row] = await listInvestments(db, user.id, { ids: [id] });
      if (!row) throw notFound(NOT_FOUND);
      return toProfileInvestment(row, await features());
    },

    /** GET /api/profile/investing/{opportunityId}: what the invest pages need (404 unless open to them). */
    async context(user: UserRow, opportunityId: number): Promise<InvestingContext> {
      const opportunity = await findOpenOpportunity(db, user.id, opportunityId, ...(await gate()));
      if (!opportunity) throw notFound('No opportunity with that id.');
      const flags = await features();
      const { reasons, first, warning, secondsLeft } = await readiness(user, opportunity);
      const vehicles = await holdingVehicles(db, user.id, {
        organisations: flags.organisationLinks,
        nominees: flags.nominee,
      });
      // What remains as the commitment gate measures it, pre-emption holds included (one computation).
      const today = clock.today();
      const { available: remaining } = await roomOf(db, opportunity, {
        today,
        userId: user.id,
        committed: opportunity.committed_amount,
      });
      // Past the closing date the gate refuses every commitment: say so before the investor starts.
      if (opportunity.closing_date !== null && opportunity.closing_date < today)
        reasons.push({
          code: 'closed',
          message: `This opportunity closed on ${longDate(opportunity.closing_date)}: it no longer takes commitments.`,
          href: null,
        });
      const mine = await listInvestments(db, user.id, { opportunityIds: [opportunity.id] });
      const text = warning?.warning_text ?? riskWarningText(await firstNameOf(db, user.id, user.name));
      return {
        opportunity: {
          id: opportunity.id,
          slug: opportunity.slug,
          name: opportunity.name,
          company_name: opportunity.company_name,
          currency: opportunity.currency,
          share_price: opportunity.share_price,
          minimum_investment: opportunity.minimum_investment,
          maximum_amount: opportunity.maximum_amount,
          committed_amount: opportunity.committed_amount,
          remaining_amount: remaining,
          closing_date: opportunity.closing_date,
          investment_terms: flags.investmentTerms ? opportunity.investment_terms : null,
        },
        can_invest: reasons.length === 0,
        reasons,
        first_investment: first,
        risk_warning: first
          ? {
              text,
              shown_at: toApiTimestampOrNull(warning?.shown_at),
              acknowledged_at: toApiTimestampOrNull(warning?.acknowledged_at),
              cooling_off_ends_at: toApiTimestampOrNull(warning?.cooling_off_ends_at),
            }
          : null,
        cooling_off_seconds_left: secondsLeft,
        terms_required: flags.investmentTerms,
        holding_options: [
          { type: 'self', id: null, name: SELF_NAME },
          ...vehicles.organisations.map((item) => ({ type: 'organisation' as const, ...item })),
          ...vehicles.entities.map((item) => ({
            type: 'investment_method' as const,
            id: item.id,
            name: item.name,
          })),
          ...vehicles.nominees.map((item) => ({ type: 'nominee' as const, ...item })),
        ],
        my_investments: mine.map((row) => toProfileInvestment(row, flags)),
      };
    },

    /**
     * POST /api/profile/first-investment-warning: the evidence of the warning shown (once: the
     * cooling-off starts at the first view) and acknowledged (once). An investor who has invested before
     * gets a 422: the warning is for a first investment only.
     */
    async warning(actor: Actor, user: UserRow, input: WarningInput): Promise<FirstInvestmentWarning> {
      const opportunity = await findOpenOpportunity(db, user.id, input.opportunity_id, ...(await gate()));
      if (!opportunity) throw fieldError('opportunity_id', OPPORTUNITY_NOT_OPEN);
      if ((await countLiveInvestments(db, user.id)) > 0)
        throw fieldError(
          'action',
          'You have invested on this platform before: the first-investment warning and its cooling-off do not apply.',
        );
      const now = clock.now();
      return db.transaction(async (tx) => {
        if (input.action === 'shown') {
          const text = riskWarningText(await firstNameOf(tx, user.id, user.name));
          await insertWarningOnce(tx, {
            user_id: user.id,
            opportunity_id: opportunity.id,
            warning_text: text,
            shown_at: now,
            cooling_off_ends_at: new Date(now.getTime() + FIRST_INVESTMENT_COOLING_OFF_SECONDS * 1000),
            acknowledged_at: null,
          });
          const row = await findWarning(tx, user.id);
          if (!row) throw new Error('the warning was not stored');
          if (row.shown_at.getTime() === now.getTime())
            await recordAudit(tx, actor, {
              action: 'investor.risk_warning_shown',
              subjectType: 'investor',
              subjectId: user.id,
              after: {
                opportunity: opportunity.name,
                text,
                cooling_off_ends_at: toApiTimestamp(row.cooling_off_ends_at),
              },
            });
          return toWarning(row);
        }
        if (!(await findWarning(tx, user.id)))
          throw fieldError('action', 'Read the risk warning before confirming that you have read it.');
        if (await acknowledgeWarning(tx, user.id, now))
          await recordAudit(tx, actor, {
            action: 'investor.risk_warning_acknowledged',
            subjectType: 'investor',
            subjectId: user.id,
            after: { opportunity: opportunity.name },
          });
        const row = await findWarning(tx, user.id);
        if (!row) throw new Error('the warning is gone');
        return toWarning(row);
      });
    },

    /** POST /api/profile/investments/{id}/cancel: the investor withdraws their own reservation. */
    async cancel(actor: Actor, user: UserRow, id: number): Promise<ProfileInvestment> {
      const [before] = await listInvestments(db, user.id, { ids: [id] });
      if (!before) throw notFound(NOT_FOUND);
      const holdsMoney = (paid: string) =>
        fieldError(
          'status',
          `We have already received ${formatAmount(paid, before.opportunity.currency)} for this reservation, so it cannot be withdrawn here: please contact us and we will cancel it and refund your money.`,
        );
      const notReserved = () =>
        fieldError(
          'status',
          before.investment.status === 'cancelled'
            ? 'This investment is already cancelled.'
            : 'Only a reserved allocation can be withdrawn: once a cash call has been sent, please contact us.',
        );
      if (before.investment.status !== 'reserved') throw notReserved();
      // Money already received is refunded by staff, who cancel the investment (issue 18).
      if (!isZeroDecimal(before.investment.paid_amount)) throw holdsMoney(before.investment.paid_amount);
      const flags = await features();
      const published = await db.transaction(async (tx) => {
        const row = await cancelReserved(tx, user.id, id, WITHDRAWN_BY_INVESTOR, clock.now());
        if (!row) {
          // Paid into, or moved on, since it was read: say which.
          const [now] = await listInvestments(tx, user.id, { ids: [id] });
          if (now && now.investment.status === 'reserved' && !isZeroDecimal(now.investment.paid_amount))
            throw holdsMoney(now.investment.paid_amount);
          throw notReserved();
        }
        const after = {
          investment_id: row.id,
          investor: user.name,
          opportunity: before.opportunity.name,
          amount: row.amount,
          currency: before.opportunity.currency,
          reason: WITHDRAWN_BY_INVESTOR,
        };
        await recordAudit(tx, actor, {
          action: 'opportunity.investment_withdrawn',
          subjectType: 'opportunity',
          subjectId: before.opportunity.id,
          after,
        });
        await recordAudit(tx, actor, {
          action: 'investor.investment_withdrawn',
          subjectType: 'investor',
          subjectId: user.id,
          after,
        });
        const notice = staffNotice(
          `**${user.name}** withdrew their reservation of **${formatAmount(row.amount, before.opportunity.currency)}** in **${before.opportunity.name}**.`,
          before.opportunity.id,
          'withdrawn',
        );
        const rows = await notifications.record(tx, await staffFor(tx, before.opportunity), notice);
        return () => notifications.publish(rows, notice);
      });
      await published();
      const [after] = await listInvestments(db, user.id, { ids: [id] });
      if (!after) throw notFound(NOT_FOUND);
      return toProfileInvestment(after, flags);
    },
  };
}

export type InvestingService = ReturnType<typeof createInvestingService>;

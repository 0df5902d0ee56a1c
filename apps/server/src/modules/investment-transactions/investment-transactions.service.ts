import {
  addDecimal,
  can,
  canSeeInvestmentTab,
  compareDecimal,
  INVESTMENT_STATUSES,
  isZeroDecimal,
  OPPORTUNITY_STATUS,
  opportunityArea,
  opportunityResource,
  ROLES,
  subtractDecimal,
  sumDecimals,
  wholeSharesFor,
  type Action,
  type OpportunityBankDetails,
  type bankDetailsInputSchema,
  type CashCall,
  type cashCallInputSchema,
  type FeatureKey,
  type InvestmentPayment,
  type InvestmentStatus,
  type InvestmentTotals,
  type manualInvestmentInputSchema,
  type paymentInputSchema,
  type refundInputSchema,
  type StaffInvestment,
  type StaffInvestmentList,
} from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  investmentMethodEntities,
  investmentMethods,
  investments,
  nomineeClients,
  nominees,
  opportunities,
  organisationLinks,
  organisations,
  type InvestmentRow,
  type OpportunityRow,
  users,
  type UserRow,
} from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, forbidden, notFound, validationError } from '../../platform/http/errors';
import { renderMail } from '../../platform/mail/templates';
import { longDate } from '../../platform/dates';
import { formatAmount, formatPrice, type Money } from '../../platform/money';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import type { Notice, NotificationsService } from '../notifications/notifications.service';
import { lockForCommitment, paymentReferenceFor } from './commitments';
import {
  findUser,
  findUsersByIds,
  insertCashCall,
  insertPayment,
  listInvestments,
  listPayments,
  lockInvestment,
  lockReserved,
  updateInvestment,
  type InvestmentListRow,
  type InvestmentScope,
} from './investment-transactions.repository';

type ManualInput = z.output<typeof manualInvestmentInputSchema>;
type CashCallInput = z.output<typeof cashCallInputSchema>;
type PaymentInput = z.output<typeof paymentInputSchema>;
type RefundInput = z.output<typeof refundInputSchema>;
type BankInput = z.output<typeof bankDetailsInputSchema>;

const NO_OPPORTUNITY = 'No opportunity with that id.';
const NO_INVESTMENT = 'No investment with that id.';
/** The states whose money counts as called: a cash call went out (or the money came in). */
const CALLED: readonly InvestmentStatus[] = ['awaiting_payment', 'paid', 'completed'];
const COMMITTED: readonly InvestmentStatus[] = ['reserved', 'awaiting_payment', 'paid'];

export function toStaffInvestment(row: InvestmentListRow): StaffInvestment {
  const { investment } = row;
  return {
    id: investment.id,
    opportunity: { id: row.opportunity.id, name: row.opportunity.name, stage: row.opportunity.status },
    investor: row.investor,
    holding: {
      type: investment.holding_type,
      id:
        investment.organisation_id ?? investment.investment_method_entity_id ?? investment.nominee_id ?? null,
      name: row.vehicleName ?? row.investor.name,
    },
    amount: investment.amount,
    shares: investment.shares,
    paid_amount: investment.paid_amount,
    status: investment.status,
    type: investment.type,
    payment_reference: investment.payment_reference,
    invested_on: investment.invested_on,
    due_date: row.dueDate,
    called_at: toApiTimestampOrNull(investment.called_at),
    paid_at: toApiTimestampOrNull(investment.paid_at),
    completed_at: toApiTimestampOrNull(investment.completed_at),
    cancelled_at: toApiTimestampOrNull(investment.cancelled_at),
    cancel_reason: investment.cancel_reason,
    refunded_at: toApiTimestampOrNull(investment.refunded_at),
    note: investment.note,
    created_at: toApiTimestamp(investment.created_at),
  };
}

/** Committed (reserved, called, paid), called (a cash call went out) and received (net of refunds). */
export function totalsOf(rows: InvestmentRow[]): InvestmentTotals {
  return {
    count: rows.length,
    committed: sumDecimals(rows.filter((row) => COMMITTED.includes(row.status)).map((row) => row.amount)),
    called: sumDecimals(rows.filter((row) => CALLED.includes(row.status)).map((row) => row.amount)),
    received: sumDecimals(rows.map((row) => row.paid_amount)),
  };
}

function statusesOf(filter: string | undefined): InvestmentStatus[] {
  if (!filter) return [];
  return filter
    .split(',')
    .filter((value): value is InvestmentStatus => (INVESTMENT_STATUSES as readonly string[]).includes(value));
}

const toPayment = (row: Awaited<ReturnType<typeof listPayments>>[number]): InvestmentPayment => ({
  id: row.id,
  kind: row.kind,
  amount: row.amount,
  received_on: row.received_on,
  reference: row.reference,
  recorded_by: row.recorder,
  created_at: toApiTimestamp(row.created_at),
});

/** Where an investor pays, by the flags: the lines of the cash-call email. */
export function paymentLines(
  opportunity: OpportunityRow,
  investment: Pick<InvestmentRow, 'payment_reference'>,
  flags: { hideBank: boolean; hidePayee: boolean; internationalBank: boolean },
): string[] {
  const lines: string[] = [];
  if (!flags.hideBank) {
    const bank: Array<[string, string | null]> = [
      ['Account name', opportunity.bank_account_name],
      ['Sort code', opportunity.bank_sort_code],
      ['Account number', opportunity.bank_account_number],
      ...(flags.internationalBank
        ? ([
            ['IBAN', opportunity.bank_iban],
            ['SWIFT/BIC', opportunity.bank_swift],
          ] as Array<[string, string | null]>)
        : []),
    ];
    const known = bank.filter(([, value]) => value);
    if (known.length > 0) lines.push('Pay to:', ...known.map(([label, value]) => `${label}: ${value}`));
  }
  if (!flags.hidePayee && investment.payment_reference)
    lines.push(`Payment reference: ${investment.payment_reference} (quote it with your payment)`);
  return lines;
}

/**
 * The money behind a round, for staff (issue 11): an opportunity's investments, manual investments, cash
 * calls, payments, cancellations and refunds, and the same investments from an investor's, organisation's,
 * method's or nominee's side.
 */
export function createInvestmentTransactionsService(
  ctx: AppContext,
  deps: {
    notifications: NotificationsService;
    isEnabled: (feature: FeatureKey) => Promise<boolean>;
  },
) {
  const { db, clock, config, mailer } = ctx;
  const { notifications } = deps;
  const today = () => clock.today();

  /**
   * The opportunity, if the role may do `action` at its stage and, for its investments (`tab`), open
   * its Transactions tab: the Investment Manager does not on an existing investment (spec §6).
   */
  async function opportunityFor(roleId: number, id: number, action: Action, tab?: 'transactions') {
    const [row] = await db.select().from(opportunities).where(eq(opportunities.id, id));
    if (!row) throw notFound(NO_OPPORTUNITY);
    if (!can(roleId, opportunityResource(row.status), action)) throw forbidden();
    if (tab && !canSeeInvestmentTab(roleId, opportunityArea(row.status), tab)) throw forbidden();
    return row;
  }

  /** An investment is a line of its opportunity's Transactions tab: the same rules guard it. */
  async function investmentFor(roleId: number, id: number, action: Action) {
    const [row] = await db
      .select({ investment: investments, status: opportunities.status })
      .from(investments)
      .innerJoin(opportunities, eq(opportunities.id, investments.opportunity_id))
      .where(eq(investments.id, id));
    if (!row) throw notFound(NO_INVESTMENT);
    if (!can(roleId, opportunityResource(row.status), action)) throw forbidden();
    if (!canSeeInvestmentTab(roleId, opportunityArea(row.status), 'transactions')) throw forbidden();
    return row.investment;
  }

  async function detail(id: number) {
    return { investment: await one(id), payments: (await listPayments(db, id)).map(toPayment) };
  }

  async function one(id: number): Promise<StaffInvestment> {
    const [row] = await listInvestments(db, { kind: 'ids', ids: [id] });
    if (!row) throw notFound(NO_INVESTMENT);
    return toStaffInvestment(row);
  }

  async function list(
    scope: InvestmentScope,
    statusFilter: string | undefined,
  ): Promise<StaffInvestmentList> {
    const rows = await listInvestments(db, scope, statusesOf(statusFilter));
    // Totals are of every investment of the scope, whatever the filter shows.
    const all = statusFilter ? await listInvestments(db, scope) : rows;
    return { data: rows.map(toStaffInvestment), totals: totalsOf(all.map((row) => row.investment)) };
  }

  /** Audit the change on the opportunity and on the investor (both activities show it). */
  async function auditBoth(
    tx: DbOrTx,
    actor: Actor,
    action: string,
    investment: Pick<InvestmentRow, 'id' | 'opportunity_id' | 'user_id'>,
    after: Record<string, unknown>,
  ) {
    // the names each side's activity sentence needs: the opportunity's shows the investor, and back
    const [names] = await tx
      .select({ investor: users.name, opportunity: opportunities.name })
      .from(users)
      .innerJoin(opportunities, eq(opportunities.id, investment.opportunity_id))
      .where(eq(users.id, investment.user_id));
    const facts = { investment_id: investment.id, ...names, ...after };
    await recordAudit(tx, actor, {
      action: `opportunity.${action}`,
      subjectType: 'opportunity',
      subjectId: investment.opportunity_id,
      after: facts,
    });
    await recordAudit(tx, actor, {
      action: `investor.${action}`,
      subjectType: 'investor',
      subjectId: investment.user_id,
      after: facts,
    });
  }

  /** The vehicle a manual investment names, checked to be the investor's. */
  async function holdingOf(tx: DbOrTx, userId: number, holding: ManualInput['holding']) {
    switch (holding.type) {
      case 'self':
        return { holding_type: 'self' as const, name: null };
      case 'organisation': {
        const [row] = await tx
          .select({ name: organisations.name })
          .from(organisations)
          .innerJoin(
            organisationLinks,
            and(
              eq(organisationLinks.organisation_id, organisations.id),
              eq(organisationLinks.user_id, userId),
            ),
          )
          .where(eq(organisations.id, holding.organisation_id));
        if (!row)
          throw fieldError('holding.organisation_id', 'The investor is not linked to that organisation.');
        return {
          holding_type: 'organisation' as const,
          organisation_id: holding.organisation_id,
          name: row.name,
        };
      }
      case 'investment_method': {
        const [row] = await tx
          .select({ name: investmentMethodEntities.name, method: investmentMethods.name })
          .from(investmentMethodEntities)
          .innerJoin(
            investmentMethods,
            eq(investmentMethods.id, investmentMethodEntities.investment_method_id),
          )
          .where(
            and(
              eq(investmentMethodEntities.id, holding.investment_method_entity_id),
              eq(investmentMethodEntities.user_id, userId),
            ),
          );
        if (!row)
          throw fieldError(
            'holding.investment_method_entity_id',
            'That investment-method account is not the investor’s.',
          );
        return {
          holding_type: 'investment_method' as const,
          investment_method_entity_id: holding.investment_method_entity_id,
          name: row.name,
        };
      }
      case 'nominee': {
        const [row] = await tx
          .select({ name: nominees.name })
          .from(nominees)
          .innerJoin(
            nomineeClients,
            and(eq(nomineeClients.nominee_id, nominees.id), eq(nomineeClients.user_id, userId)),
          )
          .where(eq(nominees.id, holding.nominee_id));
        if (!row) throw fieldError('holding.nominee_id', 'The nominee does not act for this investor.');
        return { holding_type: 'nominee' as const, nominee_id: holding.nominee_id, name: row.name };
      }
    }
  }

  const investorNotice = (message: string, cta: string, type: string): Notice => ({
    type,
    audience: 'user',
    data: { message, cta, icon: 'default' },
  });

  const paidNotice = (opportunity: Pick<OpportunityRow, 'name' | 'currency'>, amount: string) =>
    investorNotice(
      `Cash Call - Payment Received: we have received your payment of ${formatAmount(amount, opportunity.currency)} for **${opportunity.name}**. Thank you.`,
      '/investor/investments',
      'App\\Notifications\\CashCallPaymentReceived',
    );

  /** GET /api/opportunities/{id}/bank-details (hidden in the admin with hide_bank_details_admin). */
  async function bankDetails(roleId: number, id: number): Promise<OpportunityBankDetails> {
    const row = await opportunityFor(roleId, id, 'show');
    const hidden = await deps.isEnabled('hideBankAdmin');
    const international = await deps.isEnabled('internationalBank');
    const value = (text: string | null) => (hidden ? null : text);
    return {
      hidden,
      international,
      bank_account_name: value(row.bank_account_name),
      bank_sort_code: value(row.bank_sort_code),
      bank_account_number: value(row.bank_account_number),
      bank_iban: international ? value(row.bank_iban) : null,
      bank_swift: international ? value(row.bank_swift) : null,
    };
  }

  return {
    /** GET /api/opportunities/{id}/investments */
    async listOfOpportunity(roleId: number, id: number, status: string | undefined) {
      await opportunityFor(roleId, id, 'show', 'transactions');
      return list({ kind: 'opportunity', id }, status);
    },

    /** The Transactions tab of an investor, organisation, investment method or nominee. */
    async listOfRecord(scope: Exclude<InvestmentScope, { kind: 'opportunity' | 'ids' }>, status?: string) {
      const exists = await (async () => {
        switch (scope.kind) {
          case 'investor':
            return (await findUser(db, scope.id))?.role_id === ROLES.USER;
          case 'organisation':
            return (
              (
                await db
                  .select({ id: organisations.id })
                  .from(organisations)
                  .where(eq(organisations.id, scope.id))
              ).length > 0
            );
          case 'investment_method':
            return (
              (
                await db
                  .select({ id: investmentMethods.id })
                  .from(investmentMethods)
                  .where(eq(investmentMethods.id, scope.id))
              ).length > 0
            );
          case 'nominee':
            return (
              (await db.select({ id: nominees.id }).from(nominees).where(eq(nominees.id, scope.id))).length >
              0
            );
        }
      })();
      if (!exists) throw notFound(`No ${scope.kind.replace('_', ' ')} with that id.`);
      return list(scope, status);
    },

    /** GET /api/investments/{id}/payments: an investment with its payments and refunds. */
    async payments(roleId: number, id: number) {
      await investmentFor(roleId, id, 'show');
      return detail(id);
    },

    /**
     * POST /api/opportunities/{id}/investments: a manual or private_manual investment (spec §4), under the
     * opportunity's row lock and maximum, like an investor's reservation. `paid` records the money as
     * received on `invested_on`. A manual investment is the investor's like any other (notified, in the
     * portal); a private_manual one is kept for the round's books only: the investor is never notified of
     * it and the portal does not show it.
     */
    async recordManual(actor: Actor, roleId: number, opportunityId: number, input: ManualInput) {
      await opportunityFor(roleId, opportunityId, 'update', 'transactions');
      if (input.invested_on > today())
        throw fieldError('invested_on', 'The investment date cannot be in the future.');
      const investor = await findUser(db, input.user_id);
      if (!investor || investor.role_id !== ROLES.USER)
        throw fieldError('user_id', 'Choose an investor: only investors hold investments.');
      const now = clock.now();
      const { row, notice } = await db.transaction(async (tx) => {
        const holding = await holdingOf(tx, investor.id, input.holding);
        const { opportunity } = await lockForCommitment(tx, opportunityId, input.amount, {
          userId: investor.id,
          today: today(),
        });
        const shares = opportunity.share_price ? wholeSharesFor(input.amount, opportunity.share_price) : null;
        if (shares !== null && isZeroDecimal(shares))
          throw fieldError(
            'amount',
            `The amount buys no whole share at ${formatPrice(opportunity.share_price ?? '0', opportunity.currency)} a share.`,
          );
        const [inserted] = await tx
          .insert(investments)
          .values({
            opportunity_id: opportunityId,
            user_id: investor.id,
            amount: input.amount,
            shares,
            status: input.paid ? 'paid' : 'reserved',
            type: input.type,
            holding_type: holding.holding_type,
            organisation_id: 'organisation_id' in holding ? holding.organisation_id : null,
            investment_method_entity_id:
              'investment_method_entity_id' in holding ? holding.investment_method_entity_id : null,
            nominee_id: 'nominee_id' in holding ? holding.nominee_id : null,
            invested_on: input.invested_on,
            paid_amount: input.paid ? input.amount : '0',
            paid_at: input.paid ? now : null,
            recorded_by: actor.userId,
            note: input.note ?? null,
          })
          .returning();
        if (!inserted) throw new Error('no investment inserted');
        const saved = await updateInvestment(tx, inserted.id, {
          payment_reference: paymentReferenceFor(opportunityId, inserted.id),
        });
        if (input.paid)
          await insertPayment(tx, {
            investment_id: saved.id,
            amount: input.amount,
            received_on: input.invested_on,
            reference: input.reference ?? null,
            recorded_by: actor.userId,
          });
        await auditBoth(tx, actor, 'investment_recorded', saved, {
          type: saved.type,
          investor: investor.name,
          amount: saved.amount,
          shares: saved.shares,
          holding: holding.name ?? 'own name',
          paid: input.paid,
        });
        const message = `An investment of ${formatAmount(saved.amount, opportunity.currency)} in **${opportunity.name}** was recorded for you${input.paid ? ', with your payment' : ''}.`;
        const pending =
          saved.type === 'manual'
            ? investorNotice(message, '/investor/investments', 'App\\Notifications\\InvestmentRecorded')
            : undefined;
        const rows = pending ? await notifications.record(tx, [investor], pending) : [];
        return { row: saved, notice: pending ? { rows, pending } : undefined };
      });
      if (notice) await notifications.publish(notice.rows, notice.pending);
      return one(row.id);
    },

    /**
     * POST /api/opportunities/{id}/cash-calls: every chosen reserved investment (all of them when none is
     * chosen) becomes awaiting payment; each investor is notified and emailed the amount, the due date, and
     * where and how to pay (by the hide flags). private_manual investments are called without a word to the
     * investor.
     */
    async issueCashCall(actor: Actor, opportunityId: number, input: CashCallInput): Promise<CashCall> {
      if (input.due_date < today()) throw fieldError('due_date', 'The due date cannot be in the past.');
      // Settings are read before the transaction: PGlite has one connection (decision 006).
      const flags = {
        hideBank: await deps.isEnabled('hideBank'),
        hidePayee: await deps.isEnabled('hidePayee'),
        internationalBank: await deps.isEnabled('internationalBank'),
      };
      const ids = [...new Set(input.investment_ids)];
      const result = await db.transaction(async (tx) => {
        const [opportunity] = await tx
          .select()
          .from(opportunities)
          .where(eq(opportunities.id, opportunityId))
          .for('update');
        if (!opportunity) throw notFound(NO_OPPORTUNITY);
        if (
          opportunity.status < OPPORTUNITY_STATUS.LIVE_EXTERNAL ||
          opportunity.status > OPPORTUNITY_STATUS.CLOSED
        )
          throw fieldError(
            'investment_ids',
            'Only a live or closed opportunity’s investments can be called.',
          );
        const rows = await lockReserved(tx, opportunityId, ids);
        if (ids.length > 0) {
          const found = new Map(rows.map((row) => [row.id, row]));
          const errors = ids.flatMap((id, index) => {
            const row = found.get(id);
            if (!row)
              return [[`investment_ids.${index}`, ['That investment is not one of this opportunity’s.']]];
            if (row.status !== 'reserved')
              return [
                [
                  `investment_ids.${index}`,
                  [
                    `Investment ${row.payment_reference ?? row.id} is not reserved: only reserved investments can be called.`,
                  ],
                ],
              ];
            return [];
          });
          if (errors.length > 0)
            throw validationError(Object.fromEntries(errors) as Record<string, string[]>);
        }
        if (rows.length === 0)
          throw fieldError('investment_ids', 'There are no reserved investments to call.');
        const now = clock.now();
        const call = await insertCashCall(tx, {
          opportunity_id: opportunityId,
          due_date: input.due_date,
          message: input.message ?? null,
          issued_by: actor.userId,
        });
        const called: InvestmentRow[] = [];
        for (const row of rows)
          called.push(
            await updateInvestment(tx, row.id, {
              status: 'awaiting_payment',
              called_at: now,
              cash_call_id: call.id,
            }),
          );
        const amount = sumDecimals(called.map((row) => row.amount));
        await recordAudit(tx, actor, {
          action: 'opportunity.cash_call_issued',
          subjectType: 'opportunity',
          subjectId: opportunityId,
          after: { cash_call_id: call.id, due_date: call.due_date, investments: called.length, amount },
        });
        const people = new Map(
          (
            await findUsersByIds(
              tx,
              called.map((row) => row.user_id),
            )
          ).map((user) => [user.id, user]),
        );
        const published: Array<{
          rows: Awaited<ReturnType<NotificationsService['record']>>;
          notice: Notice;
        }> = [];
        for (const row of called) {
          await recordAudit(tx, actor, {
            action: 'investor.cash_called',
            subjectType: 'investor',
            subjectId: row.user_id,
            after: {
              investment_id: row.id,
              opportunity: opportunity.name,
              amount: row.amount,
              due_date: call.due_date,
            },
          });
          const investor = people.get(row.user_id);
          if (!investor || row.type === 'private_manual') continue;
          const message = `Cash Call - Awaiting Payment: please pay ${formatAmount(row.amount, opportunity.currency)} for **${opportunity.name}** by ${longDate(call.due_date)}.`;
          const notice = investorNotice(message, '/investor/investments', 'App\\Notifications\\CashCall');
          // The in-app notice; the email is the payment instruction below, sent whatever the investor's
          // email setting (they need it to pay), so the notice's own copy is not mailed.
          const stored = await notifications.record(
            tx,
            [{ ...investor, notification_emails: false }],
            notice,
          );
          published.push({ rows: stored, notice });
          if (!investor.deactivated_at)
            await mailer.queue(tx, {
              to: investor.email,
              ...cashCallMail(investor, opportunity, row, call.due_date, input.message ?? null, flags),
            });
        }
        return { call, called, amount, published };
      });
      for (const item of result.published) await notifications.publish(item.rows, item.notice);
      return {
        id: result.call.id,
        opportunity_id: opportunityId,
        due_date: result.call.due_date,
        message: result.call.message,
        investment_ids: result.called.map((row) => row.id),
        amount: result.amount,
        created_at: toApiTimestamp(result.call.created_at),
      };
    },

    /**
     * POST /api/investments/{id}/payments: money received, all or part of what is still due; never more.
     * Reaching the amount makes the investment paid (once, whatever arrives at once: the row is locked)
     * and tells the investor.
     */
    async recordPayment(actor: Actor, id: number, input: PaymentInput) {
      if (input.received_on > today())
        throw fieldError('received_on', 'The date received cannot be in the future.');
      const result = await db.transaction(async (tx) => {
        const before = await lockInvestment(tx, id);
        if (!before) throw notFound(NO_INVESTMENT);
        if (before.status === 'paid' || before.status === 'completed')
          throw fieldError('amount', 'This investment is already paid in full.');
        if (before.status === 'cancelled')
          throw fieldError('amount', 'This investment is cancelled: it takes no payments.');
        const due = subtractDecimal(before.amount, before.paid_amount);
        if (compareDecimal(input.amount, due) > 0) {
          const money = await moneyOf(tx, before.opportunity_id);
          throw fieldError(
            'amount',
            `That is more than is still due: ${money(due)} of ${money(before.amount)} remains to be paid.`,
          );
        }
        await insertPayment(tx, {
          investment_id: id,
          amount: input.amount,
          received_on: input.received_on,
          reference: input.reference ?? null,
          recorded_by: actor.userId,
        });
        const paid = addDecimal(before.paid_amount, input.amount);
        const full = compareDecimal(paid, before.amount) === 0;
        const after = await updateInvestment(tx, id, {
          paid_amount: paid,
          ...(full ? { status: 'paid' as const, paid_at: clock.now() } : {}),
        });
        await auditBoth(tx, actor, full ? 'investment_paid' : 'payment_received', after, {
          amount: input.amount,
          paid_so_far: paid,
          of: after.amount,
          received_on: input.received_on,
          reference: input.reference ?? null,
        });
        if (!full || after.type === 'private_manual') return undefined;
        const [opportunity] = await tx
          .select()
          .from(opportunities)
          .where(eq(opportunities.id, after.opportunity_id));
        const investor = await findUser(tx, after.user_id);
        if (!opportunity || !investor) return undefined;
        const notice = paidNotice(opportunity, after.amount);
        return { rows: await notifications.record(tx, [investor], notice), notice };
      });
      if (result) await notifications.publish(result.rows, result.notice);
      return detail(id);
    },

    /**
     * POST /api/investments/{id}/cancel: any state before completed, with a reason. The investor is told
     * (live and by email, with the reason), except of a private_manual investment.
     */
    async cancel(actor: Actor, roleId: number, id: number, reason: string) {
      await investmentFor(roleId, id, 'update');
      const told = await db.transaction(async (tx) => {
        const before = await lockInvestment(tx, id);
        if (!before) throw notFound(NO_INVESTMENT);
        if (before.status === 'completed')
          throw fieldError('reason', 'A completed investment cannot be cancelled: its shares are allotted.');
        if (before.status === 'cancelled')
          throw fieldError('reason', 'This investment is already cancelled.');
        const after = await updateInvestment(tx, id, {
          status: 'cancelled',
          cancelled_at: clock.now(),
          cancel_reason: reason,
        });
        await auditBoth(tx, actor, 'investment_cancelled', after, {
          was: before.status,
          reason,
          amount: after.amount,
          paid_so_far: after.paid_amount,
        });
        const refund = (money: Money) =>
          isZeroDecimal(after.paid_amount) ? '' : ` We will refund the ${money(after.paid_amount)} you paid.`;
        return tellInvestor(tx, after, {
          type: 'App\\Notifications\\InvestmentCancelled',
          message: (name, money) =>
            `Your investment of ${money(after.amount)} in **${name}** was cancelled: ${reason.replace(/[.!?\s]+$/, '')}.${refund(money)}`,
          subject: (name) => `your investment in ${name} was cancelled`,
          lines: (name, money) => [
            `Your investment in ${name} was cancelled.`,
            `Amount: ${money(after.amount)}`,
            `Reason: ${reason}`,
            ...(refund(money) ? [refund(money).trim()] : []),
          ],
        });
      });
      if (told) await notifications.publish(told.rows, told.notice);
      return one(id);
    },

    /**
     * POST /api/investments/{id}/refund: a cancelled investment's money goes back, and the investor is told
     * (live and by email), except of a private_manual investment.
     */
    async refund(actor: Actor, id: number, input: RefundInput) {
      if (input.refunded_on > today())
        throw fieldError('refunded_on', 'The refund date cannot be in the future.');
      const told = await db.transaction(async (tx) => {
        const before = await lockInvestment(tx, id);
        if (!before) throw notFound(NO_INVESTMENT);
        if (before.status !== 'cancelled')
          throw fieldError('refunded_on', 'Cancel the investment before refunding it.');
        if (before.refunded_at || isZeroDecimal(before.paid_amount))
          throw fieldError(
            'refunded_on',
            'There is no money to refund: none was received, or it went back already.',
          );
        await insertPayment(tx, {
          investment_id: id,
          kind: 'refund',
          amount: before.paid_amount,
          received_on: input.refunded_on,
          reference: input.reference ?? null,
          recorded_by: actor.userId,
        });
        const after = await updateInvestment(tx, id, { paid_amount: '0', refunded_at: clock.now() });
        await auditBoth(tx, actor, 'investment_refunded', after, {
          amount: before.paid_amount,
          refunded_on: input.refunded_on,
          reference: input.reference ?? null,
        });
        return tellInvestor(tx, after, {
          type: 'App\\Notifications\\InvestmentRefunded',
          message: (name, money) =>
            `We have refunded the ${money(before.paid_amount)} you paid for **${name}** on ${longDate(input.refunded_on)}.`,
          subject: (name) => `your payment for ${name} was refunded`,
          lines: (name, money) => [
            `We have refunded the money you paid for ${name}.`,
            `Amount: ${money(before.paid_amount)}`,
            `Refunded on: ${longDate(input.refunded_on)}`,
            ...(input.reference ? [`Reference: ${input.reference}`] : []),
          ],
        });
      });
      if (told) await notifications.publish(told.rows, told.notice);
      return detail(id);
    },

    bankDetails,

    /** PUT /api/opportunities/{id}/bank-details: what is sent changes. */
    async updateBankDetails(actor: Actor, roleId: number, id: number, input: BankInput) {
      await opportunityFor(roleId, id, 'update');
      if (await deps.isEnabled('hideBankAdmin')) throw forbidden();
      const changes = Object.fromEntries(
        Object.entries(input).filter(([, value]) => value !== undefined),
      ) as Partial<Record<keyof BankInput, string | null>>;
      if (Object.keys(changes).length > 0)
        await db.transaction(async (tx) => {
          await tx
            .update(opportunities)
            .set({ ...changes, updated_at: new Date() })
            .where(eq(opportunities.id, id));
          await recordAudit(tx, actor, {
            action: 'opportunity.bank_details_changed',
            subjectType: 'opportunity',
            subjectId: id,
            after: { fields: Object.keys(changes) },
          });
        });
      return bankDetails(roleId, id);
    },
  };

  /** The opportunity's money formatter (its currency), for a message about one of its investments. */
  async function moneyOf(tx: DbOrTx, opportunityId: number): Promise<Money> {
    const [row] = await tx
      .select({ currency: opportunities.currency })
      .from(opportunities)
      .where(eq(opportunities.id, opportunityId));
    return (value) => formatAmount(value, row?.currency);
  }

  /**
   * Tells the investor what staff did to their investment, as the cash call does: the live notice, and an
   * email sent whatever their email setting (it is about their money), unless they are deactivated. A
   * private_manual investment is never the investor's to hear of (decision 014, addendum).
   */
  async function tellInvestor(
    tx: DbOrTx,
    investment: InvestmentRow,
    words: {
      type: string;
      message: (opportunity: string, money: Money) => string;
      subject: (opportunity: string) => string;
      lines: (opportunity: string, money: Money) => string[];
    },
  ) {
    if (investment.type === 'private_manual') return undefined;
    const [opportunity] = await tx
      .select({ name: opportunities.name, currency: opportunities.currency })
      .from(opportunities)
      .where(eq(opportunities.id, investment.opportunity_id));
    const investor = await findUser(tx, investment.user_id);
    if (!opportunity || !investor) return undefined;
    const money: Money = (value) => formatAmount(value, opportunity.currency);
    const notice = investorNotice(
      words.message(opportunity.name, money),
      '/investor/investments',
      words.type,
    );
    const rows = await notifications.record(tx, [{ ...investor, notification_emails: false }], notice);
    if (!investor.deactivated_at)
      await mailer.queue(tx, {
        to: investor.email,
        ...renderMail(config.APP_NAME, {
          subject: `${config.APP_NAME}: ${words.subject(opportunity.name)}`,
          greeting: `Hello ${investor.name},`,
          lines: words.lines(opportunity.name, money),
          action: { label: 'Open', url: `${config.APP_URL}/investor/investments` },
        }),
      });
    return { rows, notice };
  }

  function cashCallMail(
    investor: UserRow,
    opportunity: OpportunityRow,
    investment: InvestmentRow,
    dueDate: string,
    message: string | null,
    flags: { hideBank: boolean; hidePayee: boolean; internationalBank: boolean },
  ) {
    return renderMail(config.APP_NAME, {
      subject: `${config.APP_NAME}: cash call for ${opportunity.name}`,
      greeting: `Hello ${investor.name},`,
      lines: [
        `Cash Call - Awaiting Payment for ${opportunity.name}.`,
        `Amount: ${formatAmount(investment.amount, opportunity.currency)}`,
        `Due by: ${longDate(dueDate)}`,
        ...paymentLines(opportunity, investment, flags),
        ...(message ? ['', message] : []),
      ],
      action: { label: 'Open', url: `${config.APP_URL}/investor/investments` },
    });
  }
}

export type InvestmentTransactionsService = ReturnType<typeof createInvestmentTransactionsService>;

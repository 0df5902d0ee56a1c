import {
  addDecimal,
  can,
  canSeeInvestmentTab,
  INVESTMENT_STATUSES,
  opportunityArea,
  opportunityGuard,
  type Action,
  type CurrencyTotals,
  type FeatureKey,
  type InvestmentLedger,
  type InvestmentPayment,
  type InvestmentStatus,
  type InvestmentTotals,
  type manualInvestmentInputSchema,
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
} from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, forbidden, notFound } from '../../platform/http/errors';
import { renderMail } from '../../platform/mail/templates';
import { formatAmount, formatSortCode, type Money } from '../../platform/money';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import type { Notice, NotificationsService } from '../notifications/notifications.service';
import {
  findUser,
  listEntries,
  listInvestments,
  type InvestmentListRow,
  type InvestmentScope,
} from './investment-transactions.repository';
import { unallocatedOf } from './ledger';

export type ManualInput = z.output<typeof manualInvestmentInputSchema>;

export const NO_OPPORTUNITY = 'No opportunity with that id.';
export const NO_INVESTMENT = 'No investment with that id.';
/** The states whose money counts as called: a cash call went out (or the money came in). */
const CALLED: readonly InvestmentStatus[] = ['awaiting_payment', 'paid', 'completed'];
const COMMITTED: readonly InvestmentStatus[] = ['reserved', 'awaiting_payment', 'paid'];

export interface TransactionsDeps {
  notifications: NotificationsService;
  isEnabled: (feature: FeatureKey) => Promise<boolean>;
}

export function toStaffInvestment(row: InvestmentListRow): StaffInvestment {
  const { investment } = row;
  return {
    id: investment.id,
    opportunity: {
      id: row.opportunity.id,
      name: row.opportunity.name,
      stage: row.opportunity.status,
      currency: row.opportunity.currency,
    },
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

/**
 * Committed (reserved, called, paid), called (a cash call went out) and received (net of refunds), per
 * currency: an investor's or a nominee's investments span rounds in several currencies, which are never
 * added together. The flat figures are the one currency's, or null when there are several.
 */
export function totalsOf(rows: Array<{ investment: InvestmentRow; currency: string }>): InvestmentTotals {
  const lines = new Map<string, CurrencyTotals>();
  for (const { investment, currency } of rows) {
    const line = lines.get(currency) ?? {
      currency,
      count: 0,
      committed: '0.00',
      called: '0.00',
      received: '0.00',
    };
    line.count += 1;
    if (COMMITTED.includes(investment.status)) line.committed = addDecimal(line.committed, investment.amount);
    if (CALLED.includes(investment.status)) line.called = addDecimal(line.called, investment.amount);
    line.received = addDecimal(line.received, investment.paid_amount);
    lines.set(currency, line);
  }
  const byCurrency = [...lines.values()].sort((a, b) => a.currency.localeCompare(b.currency));
  const only = byCurrency.length <= 1 ? (byCurrency[0] ?? null) : null;
  return {
    count: rows.length,
    currency: only?.currency ?? null,
    committed: byCurrency.length === 0 ? '0.00' : (only?.committed ?? null),
    called: byCurrency.length === 0 ? '0.00' : (only?.called ?? null),
    received: byCurrency.length === 0 ? '0.00' : (only?.received ?? null),
    by_currency: byCurrency,
  };
}

export function statusesOf(filter: string | undefined): InvestmentStatus[] {
  if (!filter) return [];
  return filter
    .split(',')
    .filter((value): value is InvestmentStatus => (INVESTMENT_STATUSES as readonly string[]).includes(value));
}

export const toEntry = (row: Awaited<ReturnType<typeof listEntries>>[number]): InvestmentPayment => ({
  id: row.id,
  investment_id: row.investment_id,
  kind: row.kind,
  amount: row.amount,
  paid_delta: row.paid_delta,
  unallocated_delta: row.unallocated_delta,
  received_on: row.received_on,
  reference: row.reference,
  reverses_id: row.reverses_id,
  reversed_by_id: row.reversed_by_id,
  reason: row.reason,
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
      ['Sort code', opportunity.bank_sort_code && formatSortCode(opportunity.bank_sort_code)],
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

export const investorNotice = (message: string, cta: string, type: string): Notice => ({
  type,
  audience: 'user',
  data: { message, cta, icon: 'default' },
});

/**
 * What every operation of the money behind a round shares: the access checks, reading an investment
 * back, the audit on both sides, and telling the investor.
 */
export function createKit(ctx: AppContext, deps: TransactionsDeps) {
  const { db, clock, config, mailer } = ctx;
  const { notifications } = deps;

  /**
   * The opportunity, if the role may do `action` at its stage and, for its investments (`tab`), open
   * its Transactions tab: the Investment Manager does not on an existing investment (spec §6).
   */
  async function opportunityFor(roleId: number, id: number, action: Action, tab?: 'transactions') {
    const [row] = await db.select().from(opportunities).where(eq(opportunities.id, id));
    if (!row) throw notFound(NO_OPPORTUNITY);
    if (!can(roleId, opportunityGuard(row), action)) throw forbidden();
    if (tab && !canSeeInvestmentTab(roleId, opportunityArea(row.status), tab)) throw forbidden();
    return row;
  }

  /** An investment is a line of its opportunity's Transactions tab: the same rules guard it. */
  async function investmentFor(roleId: number, id: number, action: Action) {
    const [row] = await db
      .select({ investment: investments, status: opportunities.status, fund_id: opportunities.fund_id })
      .from(investments)
      .innerJoin(opportunities, eq(opportunities.id, investments.opportunity_id))
      .where(eq(investments.id, id));
    if (!row) throw notFound(NO_INVESTMENT);
    if (!can(roleId, opportunityGuard(row), action)) throw forbidden();
    if (!canSeeInvestmentTab(roleId, opportunityArea(row.status), 'transactions')) throw forbidden();
    return row.investment;
  }

  async function one(id: number): Promise<StaffInvestment> {
    const [row] = await listInvestments(db, { kind: 'ids', ids: [id] });
    if (!row) throw notFound(NO_INVESTMENT);
    return toStaffInvestment(row);
  }

  /** The investment with its ledger and the investor's unallocated money in the round. */
  async function detail(id: number): Promise<InvestmentLedger> {
    const [row] = await listInvestments(db, { kind: 'ids', ids: [id] });
    if (!row) throw notFound(NO_INVESTMENT);
    const { investment } = row;
    return {
      investment: toStaffInvestment(row),
      payments: (await listEntries(db, investment)).map(toEntry),
      unallocated: await unallocatedOf(db, investment.opportunity_id, investment.user_id),
    };
  }

  async function list(
    scope: InvestmentScope,
    statusFilter: string | undefined,
  ): Promise<StaffInvestmentList> {
    const rows = await listInvestments(db, scope, statusesOf(statusFilter));
    // Totals are of every investment of the scope, whatever the filter shows.
    const all = statusFilter ? await listInvestments(db, scope) : rows;
    return {
      data: rows.map(toStaffInvestment),
      totals: totalsOf(
        all.map((row) => ({ investment: row.investment, currency: row.opportunity.currency })),
      ),
    };
  }

  /** Audit the change on the opportunity and on the investor (both activities show it). */
  async function auditBoth(
    tx: DbOrTx,
    actor: Actor,
    action: string,
    investment: Pick<InvestmentRow, 'id' | 'opportunity_id' | 'user_id'>,
    after: Record<string, unknown>,
  ) {
    // the names each side's activity sentence needs: the opportunity's shows the investor, and back;
    // and the opportunity's currency, which its amounts are in
    const [names] = await tx
      .select({ investor: users.name, opportunity: opportunities.name, currency: opportunities.currency })
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

  return {
    db,
    clock,
    config,
    mailer,
    notifications,
    isEnabled: deps.isEnabled,
    today: () => clock.today(),
    opportunityFor,
    investmentFor,
    one,
    detail,
    list,
    auditBoth,
    holdingOf,
    moneyOf,
    tellInvestor,
  };
}

export type Kit = ReturnType<typeof createKit>;

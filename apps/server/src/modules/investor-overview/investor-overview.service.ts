import {
  compareDecimal,
  PRE_EMPTION_CHOICE,
  subtractDecimal,
  type InvestorOverview,
  type OverviewCashCall,
  type OverviewCoolingOff,
  type OverviewPreEmption,
  type ProfileInvestment,
  type ProfilePreEmption,
} from '@portico/contracts';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { toApiTimestamp } from '../../platform/time';
import type { InvestingService } from '../investing/investing.service';
import type { PortfolioService } from '../portfolio/portfolio.service';
import type { PreEmptionService } from '../pre-emption/pre-emption.service';

/** The services the overview reads from: each part comes from the module that owns it. */
export interface InvestorOverviewDeps {
  investing: Pick<InvestingService, 'list' | 'coolingOff'>;
  preEmption: Pick<PreEmptionService, 'mine'>;
  portfolio: Pick<PortfolioService, 'portfolio'>;
}

/** An awaiting-payment investment as a cash call; its reference and bank details as the investing module shows them. */
function toCashCall(investment: ProfileInvestment): OverviewCashCall | null {
  if (!investment.cash_call) return null;
  const { opportunity } = investment;
  const paid = investment.paid_amount;
  // a fund commitment owes what has been called of it, not the whole commitment (decision 026)
  const due = investment.called_amount ?? investment.amount;
  return {
    investment_id: investment.id,
    opportunity: {
      id: opportunity.id,
      slug: opportunity.slug,
      name: opportunity.name,
      company_name: opportunity.company_name,
      currency: opportunity.currency,
    },
    amount: investment.amount,
    paid_amount: paid,
    outstanding: compareDecimal(paid, '0') > 0 ? subtractDecimal(due, paid) : due,
    due_date: investment.cash_call.due_date,
    message: investment.cash_call.message,
    payment_reference: investment.payment_reference,
    bank_details: investment.bank_details,
  };
}

/** A right still to choose on while the window is open (and has opened). */
function toPreEmption(right: ProfilePreEmption, today: string): OverviewPreEmption | null {
  if (!right.open || right.choice !== PRE_EMPTION_CHOICE.AWAITING) return null;
  if (right.opens_on !== null && right.opens_on > today) return null;
  return {
    opportunity: right.opportunity,
    existing_investment: right.existing_investment,
    ends_on: right.ends_on,
    entitlement: right.entitlement,
  };
}

/** The earliest date first; no date (no deadline) last. */
const byDate = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;

/**
 * GET /api/profile/overview (issue 19): what needs the signed-in investor (cash calls due, pre-emption
 * choices open, the first investment's cooling-off) and how they are doing (the portfolio's totals per
 * currency), read in parallel from the owning modules. Only the investor's own things: every part is
 * read for this user.
 */
export function createInvestorOverviewService(ctx: AppContext, deps: InvestorOverviewDeps) {
  const { clock } = ctx;

  /**
   * The 24-hour cooling-off before a first investment, while it runs (null once over, or once they have
   * invested: it applies to a first investment only).
   */
  async function coolingOff(user: UserRow): Promise<OverviewCoolingOff | null> {
    const running = await deps.investing.coolingOff(user);
    if (!running) return null;
    return {
      ends_at: toApiTimestamp(running.ends_at),
      seconds_left: Math.ceil((running.ends_at.getTime() - clock.now().getTime()) / 1000),
      opportunity_id: running.opportunity_id,
    };
  }

  return {
    async overview(user: UserRow): Promise<InvestorOverview> {
      const today = clock.today();
      const [awaiting, rights, portfolio, cooling] = await Promise.all([
        deps.investing.list(user, { 'filter[status]': 'awaiting_payment' }),
        deps.preEmption.mine(user),
        deps.portfolio.portfolio(user.id),
        coolingOff(user),
      ]);
      const cashCalls = awaiting
        .map(toCashCall)
        .filter((call): call is OverviewCashCall => call !== null)
        .sort((a, b) => byDate(a.due_date, b.due_date) || a.investment_id - b.investment_id);
      const preEmptions = rights
        .map((right) => toPreEmption(right, today))
        .filter((right): right is OverviewPreEmption => right !== null)
        .sort((a, b) => byDate(a.ends_on, b.ends_on) || a.opportunity.id - b.opportunity.id);
      return {
        cash_calls: cashCalls,
        pre_emptions: preEmptions,
        cooling_off: cooling,
        portfolio: {
          holdings: portfolio.holdings.length,
          totals_by_currency: portfolio.totals_by_currency,
        },
      };
    },
  };
}

export type InvestorOverviewService = ReturnType<typeof createInvestorOverviewService>;

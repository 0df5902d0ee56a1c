import type {
  CashFlow,
  FeatureKey,
  HoldingTransaction,
  PortfolioFundDetail,
  Portfolio,
  PortfolioCurrencyTotals,
  PortfolioHistory,
  PortfolioHolding,
  PortfolioReturns,
  PortfolioReturnsQuery,
  PortfolioTotals,
  PublicDocument,
} from '@portico/contracts';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { holdingTransactions, sharePrices } from '../../db/schema';
import { notFound } from '../../platform/http/errors';
import { toApiTimestamp } from '../../platform/time';
import { workerTaskRef } from '../../platform/workers/worker-task';
import { fundHoldingDetail, fundHoldingsOf, type HeldFund } from './fund-holdings';
import { fundStatementInput } from './fund-statement';
import type { fundStatementPdfTask } from './fund-statement-pdf';
import { historyByCurrency, historyOf } from './history';
import { holdingsOf, shownToInvestor, type HoldingRow } from './portfolio.repository';
import { returnsOf } from './returns';
import { returnOf, totalsOf, xirrOf } from './valuation';

const NOT_HELD = 'You do not hold this investment.';

// pdf-lib loads on the worker threads only (decision 017).
const statementTask = workerTaskRef<typeof fundStatementPdfTask>(
  new URL('./fund-statement-pdf.ts', import.meta.url),
  'fundStatementPdfTask',
);

/** The totals of an empty portfolio. */
const NOTHING_HELD: PortfolioTotals = {
  currency: null,
  invested: '0.00',
  value: '0.00',
  realised: '0.00',
  unrealised: '0.00',
  moic: null,
  xirr: null,
  return_rate: null,
  return_basis: 'cumulative',
};

/** Holdings in several currencies add up to nothing: see totals_by_currency. */
const SEVERAL_CURRENCIES: PortfolioTotals = {
  currency: null,
  invested: null,
  value: null,
  realised: null,
  unrealised: null,
  moic: null,
  xirr: null,
  return_rate: null,
  return_basis: null,
};

/** "2024-01-31 -2000.00,2024-06-30 40.00" → the dated flows. */
function flowsOf(row: HoldingRow): CashFlow[] {
  if (!row.flows) return [];
  return row.flows.split(',').map((pair) => ({ date: pair.slice(0, 10), amount: pair.slice(11) }));
}

function toHolding(
  row: HoldingRow,
  today: string,
): { holding: Extract<PortfolioHolding, { kind: 'direct' }>; flows: CashFlow[] } {
  const flows = flowsOf(row);
  const rate = xirrOf(flows, row.value, today);
  return {
    flows,
    holding: {
      kind: 'direct',
      opportunity_id: Number(row.opportunity_id),
      slug: row.slug,
      name: row.name,
      company_name: row.company_name,
      status: Number(row.status),
      currency: row.currency,
      first_invested_on: row.first_invested_on,
      shares: row.shares,
      price: row.price,
      price_date: row.price_date,
      last_reported_on: row.last_reported_on,
      invested: row.invested,
      value: row.value,
      realised: row.realised,
      unrealised: row.unrealised,
      moic: row.moic,
      xirr: rate,
      ...returnOf(
        flows,
        { value: row.value, realised: row.realised, invested: row.invested, xirr: rate },
        today,
      ),
    },
  };
}

/**
 * The signed-in investor's portfolio (spec §2.2 /investor/portfolio): holdings from completed and
 * matured opportunities, valued at the latest current share price on or before today (London), on the
 * server's clock; money in dated by the payments received; the return cumulative under twelve months.
 */
export function createPortfolioService(
  ctx: AppContext,
  deps: {
    publicDocuments: (opportunityId: number) => Promise<PublicDocument[]>;
    /** fund holdings show only with the funds feature on (issue 20) */
    isEnabled: (feature: FeatureKey) => Promise<boolean>;
  },
) {
  const { db } = ctx;
  const fundsOn = () => deps.isEnabled('funds');

  /** GET /api/portfolio/funds/{fundId}: 404 unless this investor holds a commitment to the fund. */
  async function fund(userId: number, fundId: number): Promise<PortfolioFundDetail> {
    const hidePayee = await deps.isEnabled('hidePayee');
    return fundHoldingDetail(db, userId, fundId, ctx.clock.today(), { hidePayee, now: ctx.clock.now() });
  }

  return {
    /**
     * GET /api/portfolio: one query, then exact arithmetic per holding; with the funds feature on, each fund
     * the investor holds after the direct holdings, and in the totals.
     */
    async portfolio(userId: number): Promise<Portfolio> {
      const today = ctx.clock.today();
      const [rows, funds] = await Promise.all([
        holdingsOf(db, userId, today),
        fundsOn().then((on): Promise<HeldFund[]> | HeldFund[] =>
          on ? fundHoldingsOf(db, userId, today) : [],
        ),
      ]);
      const held: Array<{ holding: PortfolioHolding; flows: CashFlow[] }> = [
        ...rows.map((row) => toHolding(row, today)),
        ...funds,
      ];
      const holdings = held.map((entry) => entry.holding);
      // money is never added across currencies: totals per currency
      const currencies = [...new Set(holdings.map((holding) => holding.currency))];
      const byCurrency: PortfolioCurrencyTotals[] = currencies.map((currency) => {
        const mine = held.filter((entry) => entry.holding.currency === currency);
        const flows = mine.flatMap((entry) => entry.flows);
        const totals = totalsOf(mine.map((entry) => entry.holding));
        const rate = xirrOf(flows, totals.value, today);
        return { currency, ...totals, xirr: rate, ...returnOf(flows, { ...totals, xirr: rate }, today) };
      });
      const [only] = byCurrency;
      return {
        holdings,
        totals: byCurrency.length > 1 ? SEVERAL_CURRENCIES : (only ?? NOTHING_HELD),
        totals_by_currency: byCurrency,
      };
    },

    /**
     * GET /api/portfolio/returns (issue 20): the figures over a date range, per currency, over direct and
     * (with the funds feature on) fund holdings.
     */
    async returns(userId: number, query: PortfolioReturnsQuery): Promise<PortfolioReturns> {
      return returnsOf(db, userId, query, ctx.clock.today(), await fundsOn());
    },

    /**
     * GET /api/portfolio/history: invested and value over time, per currency (never added across), over
     * direct and (with the funds feature on) fund holdings.
     */
    async history(userId: number): Promise<PortfolioHistory> {
      const series = await historyByCurrency(db, userId, ctx.clock.today(), await fundsOn());
      const [only] = series;
      return {
        points: series.length > 1 ? null : (only?.points ?? []),
        series_by_currency: series,
      };
    },

    fund,

    /** GET /api/portfolio/funds/{fundId}/statement.pdf: the capital account statement, drawn off the event loop. */
    async fundStatement(user: { id: number; name: string }, fundId: number) {
      const detail = await fund(user.id, fundId);
      const pdf = await ctx.workers.run(
        statementTask,
        fundStatementInput(detail, user.name, ctx.config.APP_NAME),
      );
      const name =
        detail.fund.name
          .replace(/[^A-Za-z0-9 _-]+/g, '')
          .trim()
          .slice(0, 60) || 'fund';
      return {
        body: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
        filename: `${name} capital account ${detail.as_of}.pdf`,
      };
    },

    /** GET /api/portfolio/{opportunityId}: 404 when this investor holds nothing there. */
    async holding(userId: number, opportunityId: number) {
      const today = ctx.clock.today();
      const [row] = await holdingsOf(db, userId, today, opportunityId);
      if (!row) throw notFound(NOT_HELD);
      const { holding } = toHolding(row, today);
      const [transactions, prices, publicDocuments, history] = await Promise.all([
        db
          .select()
          .from(holdingTransactions)
          .where(
            and(
              eq(holdingTransactions.user_id, userId),
              eq(holdingTransactions.opportunity_id, opportunityId),
              shownToInvestor(holdingTransactions.investment_id),
            ),
          )
          .orderBy(asc(holdingTransactions.occurred_on), asc(holdingTransactions.id)),
        db
          .select({
            effective_on: sharePrices.effective_on,
            price: sharePrices.price,
            kind: sharePrices.kind,
          })
          .from(sharePrices)
          .where(
            and(
              eq(sharePrices.opportunity_id, opportunityId),
              isNull(sharePrices.replaced_at),
              lte(sharePrices.effective_on, today),
            ),
          )
          .orderBy(asc(sharePrices.effective_on)),
        deps.publicDocuments(opportunityId),
        historyOf(db, userId, today, opportunityId),
      ]);
      return {
        ...holding,
        transactions: transactions.map((row): HoldingTransaction => ({
          id: row.id,
          opportunity_id: row.opportunity_id,
          kind: row.kind,
          occurred_on: row.occurred_on,
          shares: row.shares,
          amount: row.amount,
          price: row.price,
          share_class: row.share_class,
          note: row.note,
          created_at: toApiTimestamp(row.created_at),
        })),
        prices,
        public_documents: publicDocuments,
        history,
      };
    },
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;

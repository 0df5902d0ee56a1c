import type {
  CashFlow,
  HoldingTransaction,
  Portfolio,
  PortfolioHolding,
  PublicDocument,
} from '@portico/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { holdingTransactions, sharePrices } from '../../db/schema';
import { notFound } from '../../platform/http/errors';
import { toApiTimestamp } from '../../platform/time';
import { historyOf } from './history';
import { holdingsOf, shownToInvestor, type HoldingRow } from './portfolio.repository';
import { totalsOf, xirrOf } from './valuation';

const NOT_HELD = 'You do not hold this investment.';

/** "2024-01-31 -2000.00,2024-06-30 40.00" → the dated flows. */
function flowsOf(row: HoldingRow): CashFlow[] {
  if (!row.flows) return [];
  return row.flows.split(',').map((pair) => ({ date: pair.slice(0, 10), amount: pair.slice(11) }));
}

function toHolding(row: HoldingRow, today: string): { holding: PortfolioHolding; flows: CashFlow[] } {
  const flows = flowsOf(row);
  return {
    flows,
    holding: {
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
      invested: row.invested,
      value: row.value,
      realised: row.realised,
      unrealised: row.unrealised,
      moic: row.moic,
      xirr: xirrOf(flows, row.value, today),
    },
  };
}

/**
 * The signed-in investor's portfolio (spec §2.2 /investor/portfolio): holdings from completed and
 * matured opportunities, valued at the latest share price, on the server's clock.
 */
export function createPortfolioService(
  ctx: AppContext,
  deps: { publicDocuments: (opportunityId: number) => Promise<PublicDocument[]> },
) {
  const { db } = ctx;

  return {
    /** GET /api/portfolio: one query, then exact arithmetic per holding. */
    async portfolio(userId: number): Promise<Portfolio> {
      const today = ctx.clock.today();
      const rows = await holdingsOf(db, userId);
      const held = rows.map((row) => toHolding(row, today));
      const holdings = held.map((entry) => entry.holding);
      const flows = held.flatMap((entry) => entry.flows);
      const totals = totalsOf(holdings);
      return { holdings, totals: { ...totals, xirr: xirrOf(flows, totals.value, today) } };
    },

    /** GET /api/portfolio/history: invested and value over time. */
    history(userId: number) {
      return historyOf(db, userId, ctx.clock.today());
    },

    /** GET /api/portfolio/{opportunityId}: 404 when this investor holds nothing there. */
    async holding(userId: number, opportunityId: number) {
      const today = ctx.clock.today();
      const [row] = await holdingsOf(db, userId, opportunityId);
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
          .where(eq(sharePrices.opportunity_id, opportunityId))
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

import {
  dataOf,
  portfolioHistorySchema,
  portfolioHoldingDetailSchema,
  portfolioReturnsSchema,
  portfolioSchema,
} from '@portico/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const portfolioKeys = {
  all: ['portfolio'] as const,
  summary: () => [...portfolioKeys.all, 'summary'] as const,
  history: () => [...portfolioKeys.all, 'history'] as const,
  holding: (opportunityId: number) => [...portfolioKeys.all, 'holding', opportunityId] as const,
  returns: (from: string, to: string) => [...portfolioKeys.all, 'returns', from, to] as const,
};

const summary = dataOf(portfolioSchema);
const history = dataOf(portfolioHistorySchema);
const holding = dataOf(portfolioHoldingDetailSchema);
const returns = dataOf(portfolioReturnsSchema);

/**
 * GET /api/portfolio/returns: the figures over a period (either end absent: the first money in, today); the
 * previous period's figures stay on screen while the next load (isPlaceholderData says so).
 */
export function usePortfolioReturns(range: { from?: string; to?: string }) {
  const query = new URLSearchParams();
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  const search = query.toString();
  return useQuery({
    queryKey: portfolioKeys.returns(range.from ?? '', range.to ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/portfolio/returns${search ? `?${search}` : ''}`, returns, { signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/portfolio: the signed-in investor's holdings and totals. */
export function usePortfolio() {
  return useQuery({
    queryKey: portfolioKeys.summary(),
    queryFn: async ({ signal }) => (await api.get('/api/portfolio', summary, { signal })).data,
  });
}

/** GET /api/portfolio/history: invested and value over time, for the chart. */
export function usePortfolioHistory() {
  return useQuery({
    queryKey: portfolioKeys.history(),
    queryFn: async ({ signal }) => (await api.get('/api/portfolio/history', history, { signal })).data,
  });
}

/** GET /api/portfolio/{opportunityId}: one holding with its transactions, prices and documents. */
export function usePortfolioHolding(opportunityId: number | undefined) {
  return useQuery({
    queryKey: portfolioKeys.holding(opportunityId ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/portfolio/${opportunityId ?? 0}`, holding, { signal })).data,
    enabled: opportunityId !== undefined,
  });
}

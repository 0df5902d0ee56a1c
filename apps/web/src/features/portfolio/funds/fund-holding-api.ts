import { dataOf, portfolioFundDetailSchema } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { portfolioKeys } from '../api/portfolio';

/** A fund the investor holds, under the portfolio's keys: what invalidates the portfolio invalidates it. */
export const fundHoldingKey = (fundId: number) => [...portfolioKeys.all, 'fund', fundId] as const;

const detail = dataOf(portfolioFundDetailSchema);

/** GET /api/portfolio/funds/{fundId}: the investor's measures, commitments, calls, distributions, fees and NAVs. */
export function useFundHolding(fundId: number | undefined) {
  return useQuery({
    queryKey: fundHoldingKey(fundId ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/portfolio/funds/${fundId ?? 0}`, detail, { signal })).data,
    enabled: fundId !== undefined,
  });
}

/** GET /api/portfolio/funds/{fundId}/statement.pdf: the capital account statement (a download link). */
export const fundStatementHref = (fundId: number) => `/api/portfolio/funds/${fundId}/statement.pdf`;

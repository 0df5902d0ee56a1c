import { dataOf, fundPortfolioSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fundCompanyKeys } from './fund-company-keys';

/** GET /api/funds/{id}/portfolio (funds:show): the fund's companies with their figures, and the totals. */
export async function getFundPortfolio(fundId: number, signal?: AbortSignal) {
  return (await api.get(`/api/funds/${fundId}/portfolio`, dataOf(fundPortfolioSchema), { signal })).data;
}

export const fundPortfolioQueryOptions = (fundId: number) =>
  queryOptions({
    queryKey: fundCompanyKeys.portfolio(fundId),
    queryFn: ({ signal }) => getFundPortfolio(fundId, signal),
  });

export function useFundPortfolio(fundId: number | undefined) {
  return useQuery({ ...fundPortfolioQueryOptions(fundId ?? 0), enabled: fundId !== undefined });
}

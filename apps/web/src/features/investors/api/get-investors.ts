import { investorListSchema } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordListQuery } from '../../../lib/records/record-list-query';
import { investorKeys, type InvestorListParams } from './investor-keys';

/** Every row needs these, whatever the columns: its id to open it, its name and status to show. */
const ALWAYS: readonly string[] = ['id', 'name', 'email', 'status'];

/** GET /api/investors (investors:index) with the spatie list query. */
export function getInvestors(params: InvestorListParams, signal?: AbortSignal) {
  const query = recordListQuery(params, ALWAYS);
  return api.get(`/api/investors?${query}`, investorListSchema, { signal });
}

export const investorsQueryOptions = (params: InvestorListParams) =>
  queryOptions({
    queryKey: investorKeys.list(params),
    queryFn: ({ signal }) => getInvestors(params, signal),
    placeholderData: keepPreviousData,
  });

export function useInvestors(params: InvestorListParams) {
  return useQuery(investorsQueryOptions(params));
}

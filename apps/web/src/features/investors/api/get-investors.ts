import { investorListSchema, listQueryString } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { investorKeys } from './investor-keys';
import type { InvestorColumnKey, InvestorFilters } from './investor-list-params';

export interface InvestorListParams {
  filters: InvestorFilters;
  sort: string;
  page: number;
  perPage: number;
  /** the visible columns: only their fields are asked for (a sparse fieldset) */
  columns: readonly InvestorColumnKey[];
}

/** Every row needs these, whatever the columns: its id to open it, its name and status to show. */
const ALWAYS: readonly string[] = ['id', 'name', 'email', 'status'];

/** GET /api/investors (investors:index) with the spatie list query. */
export function getInvestors(params: InvestorListParams, signal?: AbortSignal) {
  const query = listQueryString({
    filter: params.filters,
    sort: params.sort,
    fields: [...new Set([...ALWAYS, ...params.columns])],
    page: params.page,
    per_page: params.perPage,
  });
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

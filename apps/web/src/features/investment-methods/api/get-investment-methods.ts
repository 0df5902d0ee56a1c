import {
  investmentMethodListSchema,
  listQueryString,
  type InvestmentMethodColumnKey,
} from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { investmentMethodKeys } from './investment-method-keys';
import type { InvestmentMethodFilters } from './investment-method-list-params';

export interface InvestmentMethodListParams {
  filters: InvestmentMethodFilters;
  sort: string;
  page: number;
  perPage: number;
  /** the visible columns: only their fields are asked for */
  columns: readonly InvestmentMethodColumnKey[];
}

const ALWAYS: readonly string[] = ['id', 'name'];

/** GET /api/investment-methods (investors:index). */
export function getInvestmentMethods(params: InvestmentMethodListParams, signal?: AbortSignal) {
  const query = listQueryString({
    filter: params.filters,
    sort: params.sort,
    fields: [...new Set([...ALWAYS, ...params.columns])],
    page: params.page,
    per_page: params.perPage,
  });
  return api.get(`/api/investment-methods?${query}`, investmentMethodListSchema, { signal });
}

export const investmentMethodsQueryOptions = (params: InvestmentMethodListParams) =>
  queryOptions({
    queryKey: investmentMethodKeys.list(params),
    queryFn: ({ signal }) => getInvestmentMethods(params, signal),
    placeholderData: keepPreviousData,
  });

export function useInvestmentMethods(params: InvestmentMethodListParams) {
  return useQuery(investmentMethodsQueryOptions(params));
}

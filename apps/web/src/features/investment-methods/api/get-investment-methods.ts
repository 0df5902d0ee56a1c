import { investmentMethodListSchema, type InvestmentMethodColumnKey } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordListQuery, type RecordListParams } from '../../../lib/records/record-list-query';
import { investmentMethodKeys } from './investment-method-keys';
import type { InvestmentMethodFilters } from './investment-method-list-params';

export type InvestmentMethodListParams = RecordListParams<InvestmentMethodFilters, InvestmentMethodColumnKey>;

const ALWAYS: readonly string[] = ['id', 'name'];

/** GET /api/investment-methods (investors:index). */
export function getInvestmentMethods(params: InvestmentMethodListParams, signal?: AbortSignal) {
  const query = recordListQuery(params, ALWAYS);
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

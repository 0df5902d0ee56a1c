import { investmentMethodListSchema } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordListQuery } from '../../../lib/records/record-list-query';
import { investmentMethodKeys, type InvestmentMethodListParams } from './investment-method-keys';

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

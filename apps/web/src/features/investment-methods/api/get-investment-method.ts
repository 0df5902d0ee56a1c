import { dataOf, investmentMethodSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { investmentMethodKeys } from './investment-method-keys';

const response = dataOf(investmentMethodSchema);

/** GET /api/investment-methods/{id} (investors:show). */
export async function getInvestmentMethod(id: number, signal?: AbortSignal) {
  return (await api.get(`/api/investment-methods/${id}`, response, { signal })).data;
}

export const investmentMethodQueryOptions = (id: number) =>
  queryOptions({
    queryKey: investmentMethodKeys.detail(id),
    queryFn: ({ signal }) => getInvestmentMethod(id, signal),
  });

export function useInvestmentMethod(id: number | undefined) {
  return useQuery({ ...investmentMethodQueryOptions(id ?? 0), enabled: id !== undefined });
}

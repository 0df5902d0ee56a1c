import { dataOf, investorSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { investorKeys } from './investor-keys';

const response = dataOf(investorSchema);

/** GET /api/investors/{id} (investors:show). */
export async function getInvestor(id: number, signal?: AbortSignal) {
  return (await api.get(`/api/investors/${id}`, response, { signal })).data;
}

export const investorQueryOptions = (id: number) =>
  queryOptions({
    queryKey: investorKeys.detail(id),
    queryFn: ({ signal }) => getInvestor(id, signal),
  });

/** The investor, once the address names one. */
export function useInvestor(id: number | undefined) {
  return useQuery({ ...investorQueryOptions(id ?? 0), enabled: id !== undefined });
}

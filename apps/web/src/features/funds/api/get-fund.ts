import { dataOf, fundSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fundKeys } from './fund-keys';

const response = dataOf(fundSchema);

/** GET /api/funds/{id} (funds:show). */
export async function getFund(id: number, signal?: AbortSignal) {
  return (await api.get(`/api/funds/${id}`, response, { signal })).data;
}

export const fundQueryOptions = (id: number) =>
  queryOptions({ queryKey: fundKeys.detail(id), queryFn: ({ signal }) => getFund(id, signal) });

export function useFund(id: number | undefined) {
  return useQuery({ ...fundQueryOptions(id ?? 0), enabled: id !== undefined });
}

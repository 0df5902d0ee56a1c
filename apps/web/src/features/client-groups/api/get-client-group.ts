import { clientGroupSchema, dataOf } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clientGroupKeys } from './client-group-keys';

const response = dataOf(clientGroupSchema);

/** GET /api/client-groups/{id} (investors:show). */
export async function getClientGroup(id: number, signal?: AbortSignal) {
  return (await api.get(`/api/client-groups/${id}`, response, { signal })).data;
}

export const clientGroupQueryOptions = (id: number) =>
  queryOptions({ queryKey: clientGroupKeys.detail(id), queryFn: ({ signal }) => getClientGroup(id, signal) });

export function useClientGroup(id: number | undefined) {
  return useQuery({ ...clientGroupQueryOptions(id ?? 0), enabled: id !== undefined });
}

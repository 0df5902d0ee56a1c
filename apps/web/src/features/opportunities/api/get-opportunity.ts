import { dataOf, opportunitySchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { opportunityKeys } from './opportunity-keys';

const response = dataOf(opportunitySchema);

/** GET /api/opportunities/{id}: the record with its page (content and public documents). */
export async function getOpportunity(id: number, signal?: AbortSignal) {
  return (await api.get(`/api/opportunities/${id}`, response, { signal })).data;
}

export const opportunityQueryOptions = (id: number) =>
  queryOptions({
    queryKey: opportunityKeys.detail(id),
    queryFn: ({ signal }) => getOpportunity(id, signal),
  });

/** `fresh`: load again on opening, whatever is cached (the preview shows documents uploaded since). */
export function useOpportunity(id: number | undefined, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    ...opportunityQueryOptions(id ?? 0),
    enabled: id !== undefined,
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}

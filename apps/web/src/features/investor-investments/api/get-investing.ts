import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { investingKeys } from './investing-keys';
import { investingResponseSchema } from './investing-schemas';

/**
 * GET /api/profile/investing/{opportunityId}: whether this investor may invest now (and if not, why),
 * the first-investment warning and its cooling-off by the server's clock, the terms and the holdings.
 */
export async function getInvesting(opportunityId: number, signal?: AbortSignal) {
  return (await api.get(`/api/profile/investing/${opportunityId}`, investingResponseSchema, { signal })).data;
}

export const investingQueryOptions = (opportunityId: number) =>
  queryOptions({
    queryKey: investingKeys.investing(opportunityId),
    queryFn: ({ signal }) => getInvesting(opportunityId, signal),
    // The cooling-off and what remains move with time and with other investors: always ask again.
    staleTime: 0,
  });

export function useInvesting(opportunityId: number | undefined) {
  return useQuery({ ...investingQueryOptions(opportunityId ?? 0), enabled: opportunityId !== undefined });
}

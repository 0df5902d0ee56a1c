import { dataOf, overviewStatsSchema, type OverviewStats } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { overviewKeys } from './overview-keys';

const response = dataOf(overviewStatsSchema);

/** GET /api/stats/overview (permission overview:index). */
export async function getOverviewStats(signal?: AbortSignal): Promise<OverviewStats> {
  const body = await api.get('/api/stats/overview', response, { signal });
  return body.data;
}

export const overviewStatsQueryOptions = () =>
  queryOptions({
    queryKey: overviewKeys.stats(),
    queryFn: ({ signal }) => getOverviewStats(signal),
  });

export function useOverviewStats() {
  return useQuery(overviewStatsQueryOptions());
}

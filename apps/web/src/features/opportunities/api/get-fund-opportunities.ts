import { listQueryString, opportunityListSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { opportunityKeys } from './opportunity-keys';

/** What a fund's page shows of each opportunity raising for it. */
const FIELDS = ['id', 'name', 'status', 'stage', 'currency', 'committed_amount', 'target_amount'];

/** GET /api/opportunities?filter[fund]={id}: the fund opportunities raising for the fund, newest first. */
export function getFundOpportunities(fundId: number, signal?: AbortSignal) {
  const query = listQueryString({
    filter: { fund: String(fundId) },
    sort: '-created_at',
    fields: FIELDS,
    per_page: 100,
  });
  return api.get(`/api/opportunities?${query}`, opportunityListSchema, { signal });
}

// Under the lists' key: a new or changed opportunity refreshes it with every other list.
export const fundOpportunitiesQueryOptions = (fundId: number) =>
  queryOptions({
    queryKey: [...opportunityKeys.lists(), 'fund', fundId] as const,
    queryFn: ({ signal }) => getFundOpportunities(fundId, signal),
  });

export function useFundOpportunities(fundId: number) {
  return useQuery(fundOpportunitiesQueryOptions(fundId));
}

import { opportunityListSchema } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordListQuery } from '../../../lib/records/record-list-query';
import { opportunityKeys, type OpportunityListParams } from './opportunity-keys';

// The row links by stage, and the progress bar needs both amounts.
const ALWAYS: readonly string[] = ['id', 'name', 'status', 'stage'];

/** GET /api/opportunities (investment_opportunity_live:index). */
export function getOpportunities(params: OpportunityListParams, signal?: AbortSignal) {
  const columns = params.columns.includes('committed_amount')
    ? [...params.columns, 'target_amount' as const]
    : params.columns;
  const query = recordListQuery({ ...params, columns }, ALWAYS);
  return api.get(`/api/opportunities?${query}`, opportunityListSchema, { signal });
}

export const opportunitiesQueryOptions = (params: OpportunityListParams) =>
  queryOptions({
    queryKey: opportunityKeys.list(params),
    queryFn: ({ signal }) => getOpportunities(params, signal),
    placeholderData: keepPreviousData,
  });

export function useOpportunities(params: OpportunityListParams) {
  return useQuery(opportunitiesQueryOptions(params));
}

import { opportunityListSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { investingKeys } from './investing-keys';

const CARD_FIELDS = [
  'id',
  'slug',
  'name',
  'company_name',
  'summary',
  'status',
  'currency',
  'target_amount',
  'minimum_investment',
  'committed_amount',
  'tax_relief',
  'closing_date',
  'cover_image_url',
];

/**
 * GET /api/opportunities?filter[status]=2,3: the live opportunities open to this investor (the server
 * scopes an investor's list to Live - External and the Live - Internal ones they were invited to). One
 * page of 100, soonest closing first: a portal rarely has more open at once.
 */
export function getLiveOpportunities(signal?: AbortSignal) {
  const query = new URLSearchParams({
    'filter[status]': '2,3',
    sort: 'closing_date',
    'fields[opportunities]': CARD_FIELDS.join(','),
    per_page: '100',
  });
  return api.get(`/api/opportunities?${query.toString()}`, opportunityListSchema, { signal });
}

export const liveOpportunitiesQueryOptions = () =>
  queryOptions({
    queryKey: investingKeys.liveOpportunities(),
    queryFn: ({ signal }) => getLiveOpportunities(signal),
  });

export function useLiveOpportunities() {
  return useQuery(liveOpportunitiesQueryOptions());
}

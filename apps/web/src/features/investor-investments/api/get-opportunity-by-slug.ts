import { dataOf, opportunityListSchema, opportunitySchema, type Opportunity } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { investingKeys } from './investing-keys';

const single = dataOf(opportunitySchema);

/**
 * The opportunity of an investor page's slug: GET /api/opportunities?filter[slug]=… finds its id among
 * those open to the investor (another investor's internal opportunity is not there: a 404), then
 * GET /api/opportunities/{id} brings its page (description, sections, public documents). A slug the
 * opportunity had before staff changed it still finds it (links already sent name it); its current
 * slug wins over another's previous one.
 */
export async function getOpportunityBySlug(slug: string, signal?: AbortSignal): Promise<Opportunity> {
  const query = new URLSearchParams({ 'filter[slug]': slug, 'fields[opportunities]': 'id,slug' });
  const list = await api.get(`/api/opportunities?${query.toString()}`, opportunityListSchema, { signal });
  const found = list.data.find((item) => item.slug === slug) ?? list.data[0];
  if (found?.id === undefined) throw new ApiError({ status: 404, message: 'Not found.' });
  return (await api.get(`/api/opportunities/${found.id}`, single, { signal })).data;
}

export const opportunityBySlugQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: investingKeys.bySlug(slug),
    queryFn: ({ signal }) => getOpportunityBySlug(slug, signal),
    // A 404 is an answer, not a hiccup: no retries before saying so.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

export function useOpportunityBySlug(slug: string) {
  return useQuery(opportunityBySlugQueryOptions(slug));
}

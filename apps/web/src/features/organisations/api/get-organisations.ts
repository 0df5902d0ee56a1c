import { organisationListSchema } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordListQuery } from '../../../lib/records/record-list-query';
import { organisationKeys, type OrganisationListParams } from './organisation-keys';

/** Every row needs its id to open it and its name to show. */
const ALWAYS: readonly string[] = ['id', 'name'];

/** GET /api/organisations (investors:index). */
export function getOrganisations(params: OrganisationListParams, signal?: AbortSignal) {
  const query = recordListQuery(params, ALWAYS);
  return api.get(`/api/organisations?${query}`, organisationListSchema, { signal });
}

export const organisationsQueryOptions = (params: OrganisationListParams) =>
  queryOptions({
    queryKey: organisationKeys.list(params),
    queryFn: ({ signal }) => getOrganisations(params, signal),
    placeholderData: keepPreviousData,
  });

export function useOrganisations(params: OrganisationListParams) {
  return useQuery(organisationsQueryOptions(params));
}

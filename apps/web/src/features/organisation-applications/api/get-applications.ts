import { listQueryString, organisationApplicationListSchema } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applicationKeys, type ApplicationListParams } from './application-keys';

/** GET /api/organisation-applications (investors:index; 404 while organisation links are off). */
export function getApplications(params: ApplicationListParams, signal?: AbortSignal) {
  const query = listQueryString({
    filter: params.filters,
    sort: params.sort,
    page: params.page,
    per_page: params.perPage,
  });
  return api.get(`/api/organisation-applications?${query}`, organisationApplicationListSchema, { signal });
}

export const applicationsQueryOptions = (params: ApplicationListParams) =>
  queryOptions({
    queryKey: applicationKeys.list(params),
    queryFn: ({ signal }) => getApplications(params, signal),
    placeholderData: keepPreviousData,
  });

export function useApplications(params: ApplicationListParams) {
  return useQuery(applicationsQueryOptions(params));
}

import { dataOf, organisationApplicationSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './application-keys';

const response = dataOf(organisationApplicationSchema);

/** GET /api/organisation-applications/{id} (investors:show). */
export async function getApplication(id: number, signal?: AbortSignal) {
  return (await api.get(`/api/organisation-applications/${id}`, response, { signal })).data;
}

export const applicationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: applicationKeys.detail(id),
    queryFn: ({ signal }) => getApplication(id, signal),
  });

export function useApplication(id: number | undefined) {
  return useQuery({ ...applicationQueryOptions(id ?? 0), enabled: id !== undefined });
}

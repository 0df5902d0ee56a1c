import { dataOf, organisationSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { organisationKeys } from './organisation-keys';

const response = dataOf(organisationSchema);

/** GET /api/organisations/{id} (investors:show). */
export async function getOrganisation(id: number, signal?: AbortSignal) {
  return (await api.get(`/api/organisations/${id}`, response, { signal })).data;
}

export const organisationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: organisationKeys.detail(id),
    queryFn: ({ signal }) => getOrganisation(id, signal),
  });

/** The organisation, once the address names one. */
export function useOrganisation(id: number | undefined) {
  return useQuery({ ...organisationQueryOptions(id ?? 0), enabled: id !== undefined });
}

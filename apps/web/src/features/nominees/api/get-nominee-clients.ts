import { listQueryString, nomineeClientListSchema } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { nomineeKeys, type ClientListParams } from './nominee-keys';

export const CLIENTS_PER_PAGE = 10;

/** GET /api/nominees/{id}/clients (investors:show): the investors the nominee acts for. */
export function getNomineeClients(id: number, params: ClientListParams, signal?: AbortSignal) {
  const query = listQueryString({
    filter: { search: params.search || undefined },
    sort: 'name',
    page: params.page,
    per_page: CLIENTS_PER_PAGE,
  });
  return api.get(`/api/nominees/${id}/clients?${query}`, nomineeClientListSchema, { signal });
}

export const nomineeClientsQueryOptions = (id: number, params: ClientListParams) =>
  queryOptions({
    queryKey: nomineeKeys.clientList(id, params),
    queryFn: ({ signal }) => getNomineeClients(id, params, signal),
    placeholderData: keepPreviousData,
  });

export function useNomineeClients(id: number, params: ClientListParams) {
  return useQuery(nomineeClientsQueryOptions(id, params));
}

import { clientGroupListSchema, listQueryString } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordListQuery } from '../../../lib/records/record-list-query';
import { clientGroupKeys, type ClientGroupListParams } from './client-group-keys';

const ALWAYS: readonly string[] = ['id', 'name'];

/** GET /api/client-groups (investors:index). */
export function getClientGroups(params: ClientGroupListParams, signal?: AbortSignal) {
  return api.get(`/api/client-groups?${recordListQuery(params, ALWAYS)}`, clientGroupListSchema, { signal });
}

export const clientGroupsQueryOptions = (params: ClientGroupListParams) =>
  queryOptions({
    queryKey: clientGroupKeys.list(params),
    queryFn: ({ signal }) => getClientGroups(params, signal),
    placeholderData: keepPreviousData,
  });

export function useClientGroups(params: ClientGroupListParams) {
  return useQuery(clientGroupsQueryOptions(params));
}

/** The first hundred groups matching a search, by name, for a select. */
export function useClientGroupOptions(search: string, enabled = true) {
  return useQuery({
    queryKey: clientGroupKeys.options(search),
    queryFn: async ({ signal }) => {
      const query = listQueryString({
        filter: { search: search.trim() || undefined },
        sort: 'name',
        fields: ['id', 'name', 'members_count'],
        per_page: 100,
      });
      return (await api.get(`/api/client-groups?${query}`, clientGroupListSchema, { signal })).data;
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

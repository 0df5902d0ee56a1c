import { clientGroupMemberListSchema, listQueryString } from '@portico/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clientGroupKeys, type MemberListParams } from './client-group-keys';

export const MEMBERS_PER_PAGE = 10;

/** GET /api/client-groups/{id}/members (investors:show). */
export function getClientGroupMembers(id: number, params: MemberListParams, signal?: AbortSignal) {
  const query = listQueryString({
    filter: { search: params.search || undefined },
    sort: 'name',
    page: params.page,
    per_page: MEMBERS_PER_PAGE,
  });
  return api.get(`/api/client-groups/${id}/members?${query}`, clientGroupMemberListSchema, { signal });
}

export const clientGroupMembersQueryOptions = (id: number, params: MemberListParams) =>
  queryOptions({
    queryKey: clientGroupKeys.memberList(id, params),
    queryFn: ({ signal }) => getClientGroupMembers(id, params, signal),
    placeholderData: keepPreviousData,
  });

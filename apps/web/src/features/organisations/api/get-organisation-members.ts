import { listQueryString, organisationMemberListSchema } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { organisationKeys, type MemberListParams } from './organisation-keys';

export const MEMBERS_PER_PAGE = 10;

/** GET /api/organisations/{id}/members (investors:show): the investors linked to it, by name. */
export function getOrganisationMembers(id: number, params: MemberListParams, signal?: AbortSignal) {
  const query = listQueryString({
    filter: { search: params.search || undefined, role: params.role },
    sort: 'name',
    page: params.page,
    per_page: MEMBERS_PER_PAGE,
  });
  return api.get(`/api/organisations/${id}/members?${query}`, organisationMemberListSchema, { signal });
}

export const organisationMembersQueryOptions = (id: number, params: MemberListParams) =>
  queryOptions({
    queryKey: organisationKeys.memberList(id, params),
    queryFn: ({ signal }) => getOrganisationMembers(id, params, signal),
    placeholderData: keepPreviousData,
  });

export function useOrganisationMembers(id: number, params: MemberListParams) {
  return useQuery(organisationMembersQueryOptions(id, params));
}

import type { OrganisationListParams } from './get-organisations';
import type { MemberListParams } from './get-organisation-members';

export const organisationKeys = {
  all: ['organisations'] as const,
  lists: () => [...organisationKeys.all, 'list'] as const,
  list: (params: OrganisationListParams) => [...organisationKeys.lists(), params] as const,
  details: () => [...organisationKeys.all, 'detail'] as const,
  detail: (id: number) => [...organisationKeys.details(), id] as const,
  members: (id: number) => [...organisationKeys.all, 'members', id] as const,
  memberList: (id: number, params: MemberListParams) => [...organisationKeys.members(id), params] as const,
};

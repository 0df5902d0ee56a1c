import type { OrganisationColumnKey } from '@portico/contracts';
import type { RecordListParams } from '../../../lib/records/record-list-query';
import type { OrganisationFilters } from './organisation-list-params';
import type { OrganisationRole } from '@portico/contracts';

export interface MemberListParams {
  search: string;
  role: OrganisationRole | undefined;
  page: number;
}

export type OrganisationListParams = RecordListParams<OrganisationFilters, OrganisationColumnKey>;

export const organisationKeys = {
  all: ['organisations'] as const,
  lists: () => [...organisationKeys.all, 'list'] as const,
  list: (params: OrganisationListParams) => [...organisationKeys.lists(), params] as const,
  details: () => [...organisationKeys.all, 'detail'] as const,
  detail: (id: number) => [...organisationKeys.details(), id] as const,
  members: (id: number) => [...organisationKeys.all, 'members', id] as const,
  memberList: (id: number, params: MemberListParams) => [...organisationKeys.members(id), params] as const,
};

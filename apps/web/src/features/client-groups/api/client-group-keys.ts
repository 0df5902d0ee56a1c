import type { ClientGroupColumnKey } from '@portico/contracts';
import type { RecordListParams } from '../../../lib/records/record-list-query';
import type { ClientGroupFilters } from './client-group-list-params';

export type ClientGroupListParams = RecordListParams<ClientGroupFilters, ClientGroupColumnKey>;

export interface MemberListParams {
  search: string;
  page: number;
}

export const clientGroupKeys = {
  all: ['client-groups'] as const,
  lists: () => [...clientGroupKeys.all, 'list'] as const,
  list: (params: ClientGroupListParams) => [...clientGroupKeys.lists(), params] as const,
  /** every group by name, for a select (inviting a group to an opportunity) */
  options: (search: string) => [...clientGroupKeys.all, 'options', search] as const,
  details: () => [...clientGroupKeys.all, 'detail'] as const,
  detail: (id: number) => [...clientGroupKeys.details(), id] as const,
  members: (id: number) => [...clientGroupKeys.all, 'members', id] as const,
  memberList: (id: number, params: MemberListParams) => [...clientGroupKeys.members(id), params] as const,
};

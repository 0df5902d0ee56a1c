import type { ClientGroup, ClientGroupMember } from '@portico/contracts';
import { toApiTimestamp } from '../../platform/time';
import type { ClientGroupWithCounts, MemberRow } from './client-groups.repository';

export function toClientGroup(row: ClientGroupWithCounts): ClientGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    members_count: row.members_count,
    invitations_count: row.invitations_count,
    created_at: toApiTimestamp(row.created_at),
    updated_at: toApiTimestamp(row.updated_at),
  };
}

export function toMember(row: MemberRow): ClientGroupMember {
  return {
    id: row.investor.id,
    client_group_id: row.member.client_group_id,
    investor: row.investor,
    created_at: toApiTimestamp(row.member.created_at),
  };
}

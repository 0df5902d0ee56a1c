import { Skeleton } from '@mantine/core';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useClientGroup } from '../api/get-client-group';
import { ClientGroupMembers } from '../components/client-group-members';

/** /admin/investors/client-groups/{id}/details: the group's members. */
export function ClientGroupMembersPage() {
  const { data: group } = useClientGroup(useRecordId());
  return group ? (
    <ClientGroupMembers group={group} />
  ) : (
    <Skeleton height={200} radius="md" aria-label="Loading" />
  );
}

import { clientGroupMemberSchema, type AddClientGroupMembersInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dataListOf } from '../../../lib/parsers';
import { recordKeys } from '../../../lib/records/record-keys';
import { clientGroupKeys } from './client-group-keys';

const response = dataListOf(clientGroupMemberSchema);

/** POST /api/client-groups/{id}/members (investors:update): investors only; those already in stay. */
export async function addClientGroupMembers({
  groupId,
  input,
}: {
  groupId: number;
  input: AddClientGroupMembersInput;
}) {
  return (await api.post(`/api/client-groups/${groupId}/members`, input, response)).data;
}

/** DELETE /api/client-groups/{id}/members/{userId} (investors:update). */
export async function removeClientGroupMember({ groupId, userId }: { groupId: number; userId: number }) {
  await api.delete(`/api/client-groups/${groupId}/members/${userId}`);
}

/** A member change moves the group's count, its list row and its activity. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (groupId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: clientGroupKeys.members(groupId) }),
      queryClient.invalidateQueries({ queryKey: clientGroupKeys.detail(groupId) }),
      queryClient.invalidateQueries({ queryKey: clientGroupKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: recordKeys.activity({ type: 'client_group', id: groupId }) }),
    ]);
}

export function useAddClientGroupMembers() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: addClientGroupMembers,
    onSuccess: (_members, { groupId }) => refresh(groupId),
  });
}

export function useRemoveClientGroupMember() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: removeClientGroupMember,
    onSuccess: (_nothing, { groupId }) => refresh(groupId),
  });
}

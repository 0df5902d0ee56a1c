import {
  clientGroupSchema,
  dataOf,
  type CreateClientGroupInput,
  type UpdateClientGroupInput,
} from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { clientGroupKeys } from './client-group-keys';

const response = dataOf(clientGroupSchema);

/** POST /api/client-groups (investors:create). */
export async function createClientGroup(input: CreateClientGroupInput) {
  return (await api.post('/api/client-groups', input, response)).data;
}

/** PATCH /api/client-groups/{id} (investors:update). */
export async function updateClientGroup({ id, changes }: { id: number; changes: UpdateClientGroupInput }) {
  return (await api.patch(`/api/client-groups/${id}`, changes, response)).data;
}

/** DELETE /api/client-groups/{id} (investors:delete): its members stay investors, its invitations go. */
export async function deleteClientGroup(id: number) {
  await api.delete(`/api/client-groups/${id}`);
}

export function useCreateClientGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClientGroup,
    onSuccess: (group) => {
      queryClient.setQueryData(clientGroupKeys.detail(group.id), group);
      return queryClient.invalidateQueries({ queryKey: clientGroupKeys.all });
    },
  });
}

export function useUpdateClientGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClientGroup,
    onSuccess: (group) => {
      queryClient.setQueryData(clientGroupKeys.detail(group.id), group);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientGroupKeys.lists() }),
        queryClient.invalidateQueries({
          queryKey: recordKeys.activity({ type: 'client_group', id: group.id }),
        }),
      ]);
    },
  });
}

export function useDeleteClientGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClientGroup,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: clientGroupKeys.detail(id) });
      queryClient.removeQueries({ queryKey: clientGroupKeys.members(id) });
      queryClient.removeQueries({ queryKey: recordKeys.record({ type: 'client_group', id }) });
      return queryClient.invalidateQueries({ queryKey: clientGroupKeys.lists() });
    },
  });
}

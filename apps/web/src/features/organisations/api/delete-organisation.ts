import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { organisationKeys } from './organisation-keys';

/** DELETE /api/organisations/{id} (investors:delete): its members are unlinked, not deleted. */
export async function deleteOrganisation(id: number) {
  await api.delete(`/api/organisations/${id}`);
}

export function useDeleteOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganisation,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: organisationKeys.detail(id) });
      queryClient.removeQueries({ queryKey: organisationKeys.members(id) });
      queryClient.removeQueries({ queryKey: recordKeys.record({ type: 'organisation', id }) });
      return queryClient.invalidateQueries({ queryKey: organisationKeys.lists() });
    },
  });
}

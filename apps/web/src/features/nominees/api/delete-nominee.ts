import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { nomineeKeys } from './nominee-keys';

/** DELETE /api/nominees/{id} (investors:delete). */
export async function deleteNominee(id: number) {
  await api.delete(`/api/nominees/${id}`);
}

export function useDeleteNominee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNominee,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: nomineeKeys.detail(id) });
      queryClient.removeQueries({ queryKey: nomineeKeys.clients(id) });
      queryClient.removeQueries({ queryKey: recordKeys.record({ type: 'nominee', id }) });
      return queryClient.invalidateQueries({ queryKey: nomineeKeys.lists() });
    },
  });
}

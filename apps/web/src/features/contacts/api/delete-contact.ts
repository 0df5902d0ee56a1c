import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { contactKeys } from './contact-keys';

/** DELETE /api/contacts/{id} (investors:delete): the contact with their documents, notes, calls and tasks. */
export async function deleteContact(id: number) {
  await api.delete(`/api/contacts/${id}`);
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: contactKeys.detail(id) });
      queryClient.removeQueries({ queryKey: recordKeys.record({ type: 'contact', id }) });
      return queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
    },
  });
}

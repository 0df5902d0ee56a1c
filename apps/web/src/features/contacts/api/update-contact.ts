import { contactSchema, dataOf, type UpdateContactInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { contactKeys } from './contact-keys';

const response = dataOf(contactSchema);

/** PATCH /api/contacts/{id} (investors:update): only the fields sent change; "" clears one. */
export async function updateContact({ id, changes }: { id: number; changes: UpdateContactInput }) {
  return (await api.patch(`/api/contacts/${id}`, changes, response)).data;
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (contact) => {
      queryClient.setQueryData(contactKeys.detail(contact.id), contact);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: recordKeys.activity({ type: 'contact', id: contact.id }) }),
      ]);
    },
  });
}

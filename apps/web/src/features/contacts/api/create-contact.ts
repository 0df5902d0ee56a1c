import { contactSchema, dataOf, type CreateContactInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';

const response = dataOf(contactSchema);

/** POST /api/contacts (investors:create). */
export async function createContact(input: CreateContactInput) {
  return (await api.post('/api/contacts', input, response)).data;
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: (contact) => {
      queryClient.setQueryData(contactKeys.detail(contact.id), contact);
      return queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
    },
  });
}

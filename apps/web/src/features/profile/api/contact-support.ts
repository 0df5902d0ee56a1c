import { dataOf, supportContactSchema, type SupportContactInput } from '@portico/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const response = dataOf(supportContactSchema);

/** POST /api/support/contact: a message to the firm's support address. */
export function useContactSupport() {
  return useMutation({
    mutationFn: async (input: SupportContactInput) =>
      (await api.post('/api/support/contact', input, response)).data,
  });
}

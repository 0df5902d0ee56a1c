import { dataOf, nomineeSchema, type CreateNomineeInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { nomineeKeys } from './nominee-keys';

const response = dataOf(nomineeSchema);

/** POST /api/nominees (investors:create). */
export async function createNominee(input: CreateNomineeInput) {
  return (await api.post('/api/nominees', input, response)).data;
}

export function useCreateNominee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNominee,
    onSuccess: (nominee) => {
      queryClient.setQueryData(nomineeKeys.detail(nominee.id), nominee);
      return queryClient.invalidateQueries({ queryKey: nomineeKeys.lists() });
    },
  });
}

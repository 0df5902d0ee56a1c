import { dataOf, nomineeSchema, type UpdateNomineeInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { nomineeKeys } from './nominee-keys';

const response = dataOf(nomineeSchema);

/** PATCH /api/nominees/{id} (investors:update): only the fields sent change; "" clears one. */
export async function updateNominee({ id, changes }: { id: number; changes: UpdateNomineeInput }) {
  return (await api.patch(`/api/nominees/${id}`, changes, response)).data;
}

export function useUpdateNominee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNominee,
    onSuccess: (nominee) => {
      queryClient.setQueryData(nomineeKeys.detail(nominee.id), nominee);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: nomineeKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: recordKeys.activity({ type: 'nominee', id: nominee.id }) }),
      ]);
    },
  });
}

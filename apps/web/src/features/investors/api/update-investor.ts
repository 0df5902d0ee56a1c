import { dataOf, investorSchema, type UpdateInvestorInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { investorKeys } from './investor-keys';

const response = dataOf(investorSchema);

/** PATCH /api/investors/{id} (investors:update): only the fields sent change; "" clears one. */
export async function updateInvestor({ id, changes }: { id: number; changes: UpdateInvestorInput }) {
  return (await api.patch(`/api/investors/${id}`, changes, response)).data;
}

export function useUpdateInvestor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvestor,
    onSuccess: (investor) => {
      queryClient.setQueryData(investorKeys.detail(investor.id), investor);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: investorKeys.lists() }),
        queryClient.invalidateQueries({
          queryKey: recordKeys.activity({ type: 'investor', id: investor.id }),
        }),
      ]);
    },
  });
}

import { dataOf, investorSchema, type CreateInvestorInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { investorKeys } from './investor-keys';

const response = dataOf(investorSchema);

/** POST /api/investors (investors:create): with send_invitation, they get an email to set a password. */
export async function createInvestor(input: CreateInvestorInput) {
  return (await api.post('/api/investors', input, response)).data;
}

export function useCreateInvestor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvestor,
    onSuccess: (investor) => {
      queryClient.setQueryData(investorKeys.detail(investor.id), investor);
      return queryClient.invalidateQueries({ queryKey: investorKeys.lists() });
    },
  });
}

import { dataOf, investorSchema } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { investorKeys } from './investor-keys';

const response = dataOf(investorSchema);

/**
 * The header's commands. deactivate (investors:delete) and restore (investors:update) answer the
 * investor; resend-invitation (investors:update) and password-reset (investors_password:update) send an
 * email and answer 204.
 */
export type InvestorCommand = 'deactivate' | 'restore' | 'resend-invitation' | 'password-reset';

export async function runInvestorCommand({ id, command }: { id: number; command: InvestorCommand }) {
  if (command === 'deactivate' || command === 'restore') {
    return (await api.post(`/api/investors/${id}/${command}`, undefined, response)).data;
  }
  await api.post(`/api/investors/${id}/${command}`);
  return undefined;
}

/** DELETE /api/investors/{id} (investors:delete_unsafe): erases them and everything about them. */
export async function deleteInvestor(id: number) {
  await api.delete(`/api/investors/${id}`);
}

export function useInvestorCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runInvestorCommand,
    onSuccess: (investor, { id }) => {
      if (investor) queryClient.setQueryData(investorKeys.detail(id), investor);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: investorKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: recordKeys.activity({ type: 'investor', id }) }),
      ]);
    },
  });
}

export function useDeleteInvestor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvestor,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: investorKeys.detail(id) });
      queryClient.removeQueries({ queryKey: recordKeys.record({ type: 'investor', id }) });
      return queryClient.invalidateQueries({ queryKey: investorKeys.lists() });
    },
  });
}

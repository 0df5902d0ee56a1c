import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { investmentMethodKeys } from './investment-method-keys';

/** DELETE /api/investment-methods/{id} (investors:delete): with its accounts, notes, calls and tasks. */
export async function deleteInvestmentMethod(id: number) {
  await api.delete(`/api/investment-methods/${id}`);
}

export function useDeleteInvestmentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvestmentMethod,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: investmentMethodKeys.detail(id) });
      queryClient.removeQueries({ queryKey: investmentMethodKeys.entities(id) });
      queryClient.removeQueries({ queryKey: recordKeys.record({ type: 'investment_method', id }) });
      return queryClient.invalidateQueries({ queryKey: investmentMethodKeys.lists() });
    },
  });
}

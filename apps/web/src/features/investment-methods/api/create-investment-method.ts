import { dataOf, investmentMethodSchema, type CreateInvestmentMethodInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { investmentMethodKeys } from './investment-method-keys';

const response = dataOf(investmentMethodSchema);

/** POST /api/investment-methods (investors:create). */
export async function createInvestmentMethod(input: CreateInvestmentMethodInput) {
  return (await api.post('/api/investment-methods', input, response)).data;
}

export function useCreateInvestmentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvestmentMethod,
    onSuccess: (method) => {
      queryClient.setQueryData(investmentMethodKeys.detail(method.id), method);
      return queryClient.invalidateQueries({ queryKey: investmentMethodKeys.lists() });
    },
  });
}

import { dataOf, investmentMethodSchema, type UpdateInvestmentMethodInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { investmentMethodKeys } from './investment-method-keys';

const response = dataOf(investmentMethodSchema);

/** PATCH /api/investment-methods/{id} (investors:update): only the fields sent change; "" clears one. */
export async function updateInvestmentMethod({
  id,
  changes,
}: {
  id: number;
  changes: UpdateInvestmentMethodInput;
}) {
  return (await api.patch(`/api/investment-methods/${id}`, changes, response)).data;
}

export function useUpdateInvestmentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvestmentMethod,
    onSuccess: (method) => {
      queryClient.setQueryData(investmentMethodKeys.detail(method.id), method);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: investmentMethodKeys.lists() }),
        // An entity shows its method's name and type.
        queryClient.invalidateQueries({ queryKey: investmentMethodKeys.entities(method.id) }),
        queryClient.invalidateQueries({
          queryKey: recordKeys.activity({ type: 'investment_method', id: method.id }),
        }),
      ]);
    },
  });
}

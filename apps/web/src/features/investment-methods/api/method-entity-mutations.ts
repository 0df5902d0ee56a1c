import {
  dataOf,
  investmentMethodEntitySchema,
  type CreateInvestmentMethodEntityInput,
  type UpdateInvestmentMethodEntityInput,
} from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { investmentMethodKeys } from './investment-method-keys';

const response = dataOf(investmentMethodEntitySchema);

/** POST /api/investment-methods/{id}/entities (investors:update): an investor's or a contact's account. */
export async function addMethodEntity({
  methodId,
  input,
}: {
  methodId: number;
  input: CreateInvestmentMethodEntityInput;
}) {
  return (await api.post(`/api/investment-methods/${methodId}/entities`, input, response)).data;
}

/** PATCH /api/investment-method-entities/{id} (investors:update): name, reference or status. */
export async function changeMethodEntity({
  entityId,
  changes,
}: {
  methodId: number;
  entityId: number;
  changes: UpdateInvestmentMethodEntityInput;
}) {
  return (await api.patch(`/api/investment-method-entities/${entityId}`, changes, response)).data;
}

/** DELETE /api/investment-method-entities/{id} (investors:delete). */
export async function removeMethodEntity({ entityId }: { methodId: number; entityId: number }) {
  await api.delete(`/api/investment-method-entities/${entityId}`);
}

/** An account change moves the method's entities_count and its activity. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (methodId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: investmentMethodKeys.entities(methodId) }),
      queryClient.invalidateQueries({ queryKey: investmentMethodKeys.detail(methodId) }),
      queryClient.invalidateQueries({ queryKey: investmentMethodKeys.lists() }),
      queryClient.invalidateQueries({
        queryKey: recordKeys.activity({ type: 'investment_method', id: methodId }),
      }),
    ]);
}

export function useAddMethodEntity() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: addMethodEntity,
    onSuccess: (_entity, { methodId }) => refresh(methodId),
  });
}

export function useChangeMethodEntity() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: changeMethodEntity,
    onSuccess: (_entity, { methodId }) => refresh(methodId),
  });
}

export function useRemoveMethodEntity() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: removeMethodEntity,
    onSuccess: (_nothing, { methodId }) => refresh(methodId),
  });
}

import {
  capTableSchema,
  dataOf,
  existingPerformanceSchema,
  holdingTransactionSchema,
  sharePriceSchema,
  type CreateHoldingTransactionInput,
  type CreateSharePriceInput,
  type UpdateSharePriceInput,
} from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const existingKeys = {
  all: (id: number) => ['existing-investments', id] as const,
  performance: (id: number) => [...existingKeys.all(id), 'performance'] as const,
  transactions: (id: number) => [...existingKeys.all(id), 'transactions'] as const,
  capTable: (id: number) => [...existingKeys.all(id), 'cap-table'] as const,
};

const base = (id: number) => `/api/existing-investments/${id}`;

/** GET …/performance (investment_opportunity_existing:show; not the Investment Manager). */
export function useExistingPerformance(id: number, enabled = true) {
  return useQuery({
    queryKey: existingKeys.performance(id),
    queryFn: async ({ signal }) =>
      (await api.get(`${base(id)}/performance`, dataOf(existingPerformanceSchema), { signal })).data,
    enabled,
  });
}

export function useExistingTransactions(id: number, enabled = true) {
  return useQuery({
    queryKey: existingKeys.transactions(id),
    queryFn: async ({ signal }) =>
      (await api.get(`${base(id)}/transactions`, dataOf(holdingTransactionSchema.array()), { signal })).data,
    enabled,
  });
}

export function useCapTable(id: number, enabled = true) {
  return useQuery({
    queryKey: existingKeys.capTable(id),
    queryFn: async ({ signal }) =>
      (await api.get(`${base(id)}/cap-table`, dataOf(capTableSchema), { signal })).data,
    enabled,
  });
}

/** Every figure of the investment changes with a price or a transaction: refresh them all. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (id: number) => queryClient.invalidateQueries({ queryKey: existingKeys.all(id) });
}

export function useAddSharePrice() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: CreateSharePriceInput }) =>
      (await api.post(`${base(id)}/share-prices`, input, dataOf(sharePriceSchema))).data,
    onSuccess: (_row, { id }) => refresh(id),
  });
}

export function useChangeSharePrice() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({
      id,
      priceId,
      changes,
    }: {
      id: number;
      priceId: number;
      changes: UpdateSharePriceInput;
    }) => (await api.patch(`${base(id)}/share-prices/${priceId}`, changes, dataOf(sharePriceSchema))).data,
    onSuccess: (_row, { id }) => refresh(id),
  });
}

export function useRemoveSharePrice() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, priceId }: { id: number; priceId: number }) => {
      await api.delete(`${base(id)}/share-prices/${priceId}`);
    },
    onSuccess: (_row, { id }) => refresh(id),
  });
}

export function useAddHoldingTransaction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: CreateHoldingTransactionInput }) =>
      (await api.post(`${base(id)}/transactions`, input, dataOf(holdingTransactionSchema))).data,
    onSuccess: (_row, { id }) => refresh(id),
  });
}

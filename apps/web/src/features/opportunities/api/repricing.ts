import { dataOf, repricingPreviewSchema, repricingSchema, type RepricingInput } from '@portico/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { opportunityKeys } from './opportunity-keys';

const repricingKeys = {
  preview: (id: number, price: string) =>
    [...opportunityKeys.detail(id), 'repricing-preview', price] as const,
};

/**
 * GET /api/opportunities/{id}/repricing-preview: each investment's whole shares and amount at the new
 * price, and why the re-pricing would be refused (nothing changes). Asked only for a price that reads.
 */
export function useRepricingPreview(id: number, price: string | null) {
  return useQuery({
    queryKey: repricingKeys.preview(id, price ?? ''),
    queryFn: async () =>
      (
        await api.get(
          `/api/opportunities/${id}/repricing-preview?share_price=${encodeURIComponent(price ?? '')}`,
          dataOf(repricingPreviewSchema),
        )
      ).data,
    enabled: price !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/opportunities/{id}/repricings: re-prices the round and every investment in it. */
export function useReprice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: RepricingInput }) =>
      (await api.post(`/api/opportunities/${id}/repricings`, input, dataOf(repricingSchema))).data,
    onSuccess: (_made, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opportunityKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: opportunityKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: recordKeys.activity({ type: 'opportunity', id }) }),
        // the round's investments changed: its Transactions tab reads them again
        queryClient.invalidateQueries({ queryKey: ['staff-investments'] }),
      ]),
  });
}

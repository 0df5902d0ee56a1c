import { dataOf, promotionExceptionSchema, type RecordPromotionExceptionInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';

const response = dataOf(promotionExceptionSchema);

/** POST /api/investors/{id}/promotion-exceptions (investors:update). */
export function useRecordPromotionException(investorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RecordPromotionExceptionInput) =>
      (await api.post(`/api/investors/${investorId}/promotion-exceptions`, input, response)).data,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: recordKeys.record({ type: 'investor', id: investorId }) }),
  });
}

/** POST /api/promotion-exceptions/{id}/withdraw (investors:update): kept, withdrawn, with the reason. */
export function useWithdrawPromotionException(investorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: number; reason: string }) =>
      (await api.post(`/api/promotion-exceptions/${id}/withdraw`, { reason }, response)).data,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: recordKeys.record({ type: 'investor', id: investorId }) }),
  });
}

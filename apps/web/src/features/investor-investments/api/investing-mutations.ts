import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { investingKeys } from './investing-keys';
import {
  createdInvestmentSchema,
  riskWarningResponseSchema,
  type ReserveAllocationInput,
} from './investing-schemas';

/** After money is committed or freed: the lists, the raise progress and what remains. */
function useRefreshInvesting() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: investingKeys.all }),
      client.invalidateQueries({ queryKey: ['opportunities'] }),
    ]);
}

/**
 * POST /api/investments (Reserve An Allocation). The Idempotency-Key is made once per confirmation by the
 * caller and sent again on a retry, so a repeated click or a lost answer never reserves twice.
 */
export function useReserveAllocation() {
  const refresh = useRefreshInvesting();
  return useMutation({
    mutationFn: async ({
      input,
      idempotencyKey,
    }: {
      input: ReserveAllocationInput;
      idempotencyKey: string;
    }) =>
      (
        await api.post('/api/investments', input, createdInvestmentSchema, {
          headers: { 'Idempotency-Key': idempotencyKey },
        })
      ).data,
    onSuccess: refresh,
  });
}

/** POST /api/profile/investments/{id}/cancel: withdraws a reserved allocation. */
export function useCancelInvestment() {
  const refresh = useRefreshInvesting();
  return useMutation({
    mutationFn: (id: number) => api.post(`/api/profile/investments/${id}/cancel`, {}),
    onSuccess: refresh,
  });
}

/**
 * POST /api/profile/first-investment-warning: the evidence of the first-investment warning (COBS 4.12A):
 * "shown" once it is on screen (the first call starts the cooling-off; later ones change nothing), and
 * "acknowledged" when the investor says they understand.
 */
export function useRecordRiskWarning(opportunityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'shown' | 'acknowledged') =>
      (
        await api.post(
          '/api/profile/first-investment-warning',
          { opportunity_id: opportunityId, action },
          riskWarningResponseSchema,
        )
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: investingKeys.investing(opportunityId) }),
  });
}

import {
  dataOf,
  dealPerformanceSchema,
  type CreateDealPerformanceInput,
  type UpdateDealPerformanceInput,
} from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { dealKeys } from './deal-keys';

const one = dataOf(dealPerformanceSchema);
const many = dataOf(dealPerformanceSchema.array());

/** GET /api/pipeline-deals/{id}/performance (pipeline_deals:show; not the Investment Manager). */
export async function getDealPerformance(id: number, signal?: AbortSignal) {
  return (await api.get(`/api/pipeline-deals/${id}/performance`, many, { signal })).data;
}

export function useDealPerformance(id: number, enabled = true) {
  return useQuery({
    queryKey: dealKeys.performance(id),
    queryFn: ({ signal }) => getDealPerformance(id, signal),
    enabled,
  });
}

export async function addDealPerformance({
  dealId,
  input,
}: {
  dealId: number;
  input: CreateDealPerformanceInput;
}) {
  return (await api.post(`/api/pipeline-deals/${dealId}/performance`, input, one)).data;
}

export async function changeDealPerformance({
  dealId,
  periodId,
  changes,
}: {
  dealId: number;
  periodId: number;
  changes: UpdateDealPerformanceInput;
}) {
  return (await api.patch(`/api/pipeline-deals/${dealId}/performance/${periodId}`, changes, one)).data;
}

export async function removeDealPerformance({ dealId, periodId }: { dealId: number; periodId: number }) {
  await api.delete(`/api/pipeline-deals/${dealId}/performance/${periodId}`);
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (dealId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dealKeys.performance(dealId) }),
      queryClient.invalidateQueries({ queryKey: recordKeys.activity({ type: 'pipeline_deal', id: dealId }) }),
    ]);
}

export function useAddDealPerformance() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: addDealPerformance, onSuccess: (_row, { dealId }) => refresh(dealId) });
}

export function useChangeDealPerformance() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: changeDealPerformance, onSuccess: (_row, { dealId }) => refresh(dealId) });
}

export function useRemoveDealPerformance() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: removeDealPerformance, onSuccess: (_row, { dealId }) => refresh(dealId) });
}

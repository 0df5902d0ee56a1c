import {
  dataOf,
  pipelineDealSchema,
  type CreatePipelineDealInput,
  type UpdatePipelineDealInput,
} from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { dealKeys } from './deal-keys';

const response = dataOf(pipelineDealSchema);

/** POST /api/pipeline-deals (pipeline_deals:create). */
export async function createDeal(input: CreatePipelineDealInput) {
  return (await api.post('/api/pipeline-deals', input, response)).data;
}

/** PATCH /api/pipeline-deals/{id} (pipeline_deals:update): fields, or a move with stage_id and position. */
export async function updateDeal({ id, changes }: { id: number; changes: UpdatePipelineDealInput }) {
  return (await api.patch(`/api/pipeline-deals/${id}`, changes, response)).data;
}

/** DELETE /api/pipeline-deals/{id} (pipeline_deals:delete). */
export async function deleteDeal(id: number) {
  await api.delete(`/api/pipeline-deals/${id}`);
}

/** Lists, boards and the pipelines' counts all move with a deal. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (id?: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dealKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: [...dealKeys.all, 'board'] }),
      queryClient.invalidateQueries({ queryKey: ['pipelines'] }),
      ...(id === undefined
        ? []
        : [queryClient.invalidateQueries({ queryKey: recordKeys.activity({ type: 'pipeline_deal', id }) })]),
    ]);
}

export function useCreateDeal() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: createDeal,
    onSuccess: (deal) => {
      queryClient.setQueryData(dealKeys.detail(deal.id), deal);
      return refresh();
    },
  });
}

export function useUpdateDeal() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: updateDeal,
    onSuccess: (deal) => {
      queryClient.setQueryData(dealKeys.detail(deal.id), deal);
      return refresh(deal.id);
    },
  });
}

export function useDeleteDeal() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: deleteDeal,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: dealKeys.detail(id) });
      queryClient.removeQueries({ queryKey: recordKeys.record({ type: 'pipeline_deal', id }) });
      return refresh();
    },
  });
}

import {
  dataOf,
  pipelineSchema,
  pipelineStageSchema,
  pipelineStagesResponseSchema,
  type CreatePipelineInput,
  type CreateStageInput,
  type PipelineWithStages,
  type PipelineStage,
} from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pipelineKeys } from './pipeline-keys';

const pipelineResponse = dataOf(pipelineSchema);
const stageResponse = dataOf(pipelineStageSchema);
const stagesResponse = pipelineStagesResponseSchema;

/** POST /api/pipelines (pipelines:create): with its stages, or the default ones. */
export async function createPipeline(input: CreatePipelineInput) {
  return (await api.post('/api/pipelines', input, pipelineResponse)).data;
}

/** PATCH /api/pipelines/{id} (pipelines:update). */
export async function renamePipeline({ id, name }: { id: number; name: string }) {
  return (await api.patch(`/api/pipelines/${id}`, { name }, pipelineResponse)).data;
}

/** DELETE /api/pipelines/{id} (pipelines:delete): refused while it holds deals. */
export async function deletePipeline(id: number) {
  await api.delete(`/api/pipelines/${id}`);
}

/** POST /api/pipelines/reorder (pipelines:update): every id, in the new order. */
export async function reorderPipelines(ids: number[]) {
  await api.post('/api/pipelines/reorder', { ids });
}

/** POST /api/pipelines/{id}/stages (pipelines:update). */
export async function addStage({ pipelineId, input }: { pipelineId: number; input: CreateStageInput }) {
  return (await api.post(`/api/pipelines/${pipelineId}/stages`, input, stageResponse)).data;
}

/** PATCH /api/pipelines/{id}/stages/{stageId} (pipelines:update). */
export async function renameStage({
  pipelineId,
  stageId,
  name,
}: {
  pipelineId: number;
  stageId: number;
  name: string;
}) {
  return (await api.patch(`/api/pipelines/${pipelineId}/stages/${stageId}`, { name }, stageResponse)).data;
}

/** POST /api/pipelines/{id}/stages/reorder (pipelines:update): every stage id, in the new order. */
export async function reorderStages({ pipelineId, ids }: { pipelineId: number; ids: number[] }) {
  return (await api.post(`/api/pipelines/${pipelineId}/stages/reorder`, { ids }, stagesResponse)).data;
}

/** DELETE /api/pipelines/{id}/stages/{stageId} (pipelines:update): its deals move to `moveTo` first. */
export async function removeStage({
  pipelineId,
  stageId,
  moveTo,
}: {
  pipelineId: number;
  stageId: number;
  moveTo?: number | undefined;
}) {
  const query = moveTo === undefined ? '' : `?move_to_stage_id=${moveTo}`;
  await api.delete(`/api/pipelines/${pipelineId}/stages/${stageId}${query}`);
}

/** A pipeline change shows on the board too (its columns, their counts). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: pipelineKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['deals'] }),
    ]);
}

export function useCreatePipeline() {
  return useMutation({ mutationFn: createPipeline, onSuccess: useRefresh() });
}

export function useRenamePipeline() {
  return useMutation({ mutationFn: renamePipeline, onSuccess: useRefresh() });
}

export function useDeletePipeline() {
  return useMutation({ mutationFn: deletePipeline, onSuccess: useRefresh() });
}

/** Saves the new order of the pipelines; the list shows it at once and goes back if it fails. */
export function useReorderPipelines() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ordered: PipelineWithStages[]) => reorderPipelines(ordered.map((pipeline) => pipeline.id)),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: pipelineKeys.list() });
      const before = queryClient.getQueryData<PipelineWithStages[]>(pipelineKeys.list());
      queryClient.setQueryData(pipelineKeys.list(), ordered);
      return { before };
    },
    onError: (_error, _ordered, context) => {
      if (context?.before) queryClient.setQueryData(pipelineKeys.list(), context.before);
    },
    onSettled: refresh,
  });
}

export function useAddStage() {
  return useMutation({ mutationFn: addStage, onSuccess: useRefresh() });
}

export function useRenameStage() {
  return useMutation({ mutationFn: renameStage, onSuccess: useRefresh() });
}

/** Saves the new order of a pipeline's stages: shown at once, put back if the server refuses. */
export function useReorderStages() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ pipelineId, stages }: { pipelineId: number; stages: PipelineStage[] }) =>
      reorderStages({ pipelineId, ids: stages.map((stage) => stage.id) }),
    onMutate: async ({ pipelineId, stages }) => {
      const key = pipelineKeys.detail(pipelineId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<PipelineWithStages>(key);
      if (before) queryClient.setQueryData(key, { ...before, stages });
      return { before };
    },
    onError: (_error, { pipelineId }, context) => {
      if (context?.before) queryClient.setQueryData(pipelineKeys.detail(pipelineId), context.before);
    },
    onSettled: refresh,
  });
}

export function useRemoveStage() {
  return useMutation({ mutationFn: removeStage, onSuccess: useRefresh() });
}

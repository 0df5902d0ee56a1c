import {
  dataOf,
  listQueryString,
  pipelinesWithStagesListSchema,
  pipelineWithStagesSchema,
} from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pipelineKeys } from './pipeline-keys';

/** Every pipeline on one page: a deployment has a handful. */
const PIPELINES_LIMIT = 100;
const oneResponse = dataOf(pipelineWithStagesSchema);

/**
 * GET /api/pipelines?include=stages (pipeline_deals:index): the pipelines in order, each with its stages
 * in order and each stage's deals_count.
 */
export async function getPipelines(signal?: AbortSignal) {
  const query = listQueryString({ include: ['stages'], sort: 'position', per_page: PIPELINES_LIMIT });
  return (await api.get(`/api/pipelines?${query}`, pipelinesWithStagesListSchema, { signal })).data;
}

export const pipelinesQueryOptions = () =>
  queryOptions({ queryKey: pipelineKeys.list(), queryFn: ({ signal }) => getPipelines(signal) });

export function usePipelines() {
  return useQuery(pipelinesQueryOptions());
}

/** GET /api/pipelines/{id} (pipeline_deals:show): one pipeline with its stages. */
export async function getPipeline(id: number, signal?: AbortSignal) {
  return (await api.get(`/api/pipelines/${id}`, oneResponse, { signal })).data;
}

export function usePipeline(id: number | undefined) {
  return useQuery({
    queryKey: pipelineKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getPipeline(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

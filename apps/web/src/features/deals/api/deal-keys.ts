import type { DealListParams } from './get-deals';

export const dealKeys = {
  all: ['deals'] as const,
  lists: () => [...dealKeys.all, 'list'] as const,
  list: (params: DealListParams) => [...dealKeys.lists(), params] as const,
  board: (pipelineId: number) => [...dealKeys.all, 'board', pipelineId] as const,
  detail: (id: number) => [...dealKeys.all, 'detail', id] as const,
  performance: (id: number) => [...dealKeys.all, 'performance', id] as const,
};

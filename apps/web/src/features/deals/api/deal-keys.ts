import type { PipelineDealColumnKey } from '@portico/contracts';
import type { RecordListParams } from '../../../lib/records/record-list-query';
import type { DealFilters } from './deal-list-params';

export type DealListParams = RecordListParams<DealFilters, PipelineDealColumnKey>;

export const dealKeys = {
  all: ['deals'] as const,
  lists: () => [...dealKeys.all, 'list'] as const,
  list: (params: DealListParams) => [...dealKeys.lists(), params] as const,
  board: (pipelineId: number) => [...dealKeys.all, 'board', pipelineId] as const,
  detail: (id: number) => [...dealKeys.all, 'detail', id] as const,
  performance: (id: number) => [...dealKeys.all, 'performance', id] as const,
};

import type { OpportunityColumnKey } from '@portico/contracts';
import type { RecordListParams } from '../../../lib/records/record-list-query';
import type { OpportunityFilters } from './opportunity-list-params';

export type OpportunityListParams = RecordListParams<OpportunityFilters, OpportunityColumnKey>;

export const opportunityKeys = {
  all: ['opportunities'] as const,
  lists: () => [...opportunityKeys.all, 'list'] as const,
  list: (params: OpportunityListParams) => [...opportunityKeys.lists(), params] as const,
  details: () => [...opportunityKeys.all, 'detail'] as const,
  detail: (id: number) => [...opportunityKeys.details(), id] as const,
};

import type { RecordListParams } from '../../../lib/records/record-list-query';
import type { InvestorColumnKey, InvestorFilters } from './investor-list-params';

export type InvestorListParams = RecordListParams<InvestorFilters, InvestorColumnKey>;

export const investorKeys = {
  all: ['investors'] as const,
  lists: () => [...investorKeys.all, 'list'] as const,
  list: (params: InvestorListParams) => [...investorKeys.lists(), params] as const,
  details: () => [...investorKeys.all, 'detail'] as const,
  detail: (id: number) => [...investorKeys.details(), id] as const,
};

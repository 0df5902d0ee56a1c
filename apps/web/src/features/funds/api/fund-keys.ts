import type { FundColumnKey } from '@portico/contracts';
import type { RecordListParams } from '../../../lib/records/record-list-query';
import type { FundFilters } from './fund-list-params';

export type FundListParams = RecordListParams<FundFilters, FundColumnKey>;

export const fundKeys = {
  all: ['funds'] as const,
  lists: () => [...fundKeys.all, 'list'] as const,
  list: (params: FundListParams) => [...fundKeys.lists(), params] as const,
  details: () => [...fundKeys.all, 'detail'] as const,
  detail: (id: number) => [...fundKeys.details(), id] as const,
  /** the fund's NAVs, newest first, the replaced ones among them */
  navs: (id: number) => [...fundKeys.all, 'navs', id] as const,
  /** the fund's money (issue 20): its measures, its capital calls, its distributions and fees */
  kpis: (id: number) => [...fundKeys.all, 'kpis', id] as const,
  capitalCalls: (id: number) => [...fundKeys.all, 'capital-calls', id] as const,
  movements: (id: number) => [...fundKeys.all, 'movements', id] as const,
};

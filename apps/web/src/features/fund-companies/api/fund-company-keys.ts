import type { FundCompanyColumnKey } from '@portico/contracts';
import type { RecordListParams } from '../../../lib/records/record-list-query';
import type { FundCompanyFilters } from './fund-company-list-params';

export type FundCompanyListParams = RecordListParams<FundCompanyFilters, FundCompanyColumnKey>;

export const fundCompanyKeys = {
  all: ['fund-companies'] as const,
  lists: () => [...fundCompanyKeys.all, 'list'] as const,
  list: (params: FundCompanyListParams) => [...fundCompanyKeys.lists(), params] as const,
  details: () => [...fundCompanyKeys.all, 'detail'] as const,
  detail: (id: number) => [...fundCompanyKeys.details(), id] as const,
  transactions: (id: number) => [...fundCompanyKeys.all, 'transactions', id] as const,
  statuses: (id: number) => [...fundCompanyKeys.all, 'statuses', id] as const,
  /** a fund's portfolio (its Portfolio tab) */
  portfolios: () => [...fundCompanyKeys.all, 'portfolio'] as const,
  portfolio: (fundId: number) => [...fundCompanyKeys.portfolios(), fundId] as const,
};

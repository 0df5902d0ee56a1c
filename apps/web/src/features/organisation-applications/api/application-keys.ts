import type { ApplicationFilters } from './application-list-params';

export interface ApplicationListParams {
  filters: ApplicationFilters;
  sort: string;
  page: number;
  perPage: number;
}

export const applicationKeys = {
  all: ['organisation-applications'] as const,
  lists: () => [...applicationKeys.all, 'list'] as const,
  list: (params: ApplicationListParams) => [...applicationKeys.lists(), params] as const,
  details: () => [...applicationKeys.all, 'detail'] as const,
  detail: (id: number) => [...applicationKeys.details(), id] as const,
};

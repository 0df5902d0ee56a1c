import { listQueryString, nomineeListSchema, type NomineeColumnKey } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { nomineeKeys } from './nominee-keys';
import type { NomineeFilters } from './nominee-list-params';

export interface NomineeListParams {
  filters: NomineeFilters;
  sort: string;
  page: number;
  perPage: number;
  /** the visible columns: only their fields are asked for */
  columns: readonly NomineeColumnKey[];
}

const ALWAYS: readonly string[] = ['id', 'name'];

/** GET /api/nominees (investors:index; 404 while nominee accounts are off). */
export function getNominees(params: NomineeListParams, signal?: AbortSignal) {
  const query = listQueryString({
    filter: params.filters,
    sort: params.sort,
    fields: [...new Set([...ALWAYS, ...params.columns])],
    page: params.page,
    per_page: params.perPage,
  });
  return api.get(`/api/nominees?${query}`, nomineeListSchema, { signal });
}

export const nomineesQueryOptions = (params: NomineeListParams) =>
  queryOptions({
    queryKey: nomineeKeys.list(params),
    queryFn: ({ signal }) => getNominees(params, signal),
    placeholderData: keepPreviousData,
  });

export function useNominees(params: NomineeListParams) {
  return useQuery(nomineesQueryOptions(params));
}

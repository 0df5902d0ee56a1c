import { nomineeListSchema } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordListQuery } from '../../../lib/records/record-list-query';
import { nomineeKeys, type NomineeListParams } from './nominee-keys';

const ALWAYS: readonly string[] = ['id', 'name'];

/** GET /api/nominees (investors:index; 404 while nominee accounts are off). */
export function getNominees(params: NomineeListParams, signal?: AbortSignal) {
  const query = recordListQuery(params, ALWAYS);
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

import { fundListSchema } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordListQuery } from '../../../lib/records/record-list-query';
import { fundKeys, type FundListParams } from './fund-keys';

/** The money columns are shown in the fund's currency: it is always asked for. */
const ALWAYS: readonly string[] = ['id', 'name', 'currency'];

/** GET /api/funds (funds:index). */
export function getFunds(params: FundListParams, signal?: AbortSignal) {
  return api.get(`/api/funds?${recordListQuery(params, ALWAYS)}`, fundListSchema, { signal });
}

export const fundsQueryOptions = (params: FundListParams) =>
  queryOptions({
    queryKey: fundKeys.list(params),
    queryFn: ({ signal }) => getFunds(params, signal),
    placeholderData: keepPreviousData,
  });

export function useFunds(params: FundListParams) {
  return useQuery(fundsQueryOptions(params));
}

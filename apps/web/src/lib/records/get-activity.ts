import { activityListSchema } from '@portico/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { recordApiPath, recordKeys, type RecordRef } from './record-keys';

export const ACTIVITY_PAGE_SIZE = 20;

/** GET /api/{path}/{id}/activity (investors:show): the audit trail and emails sent, newest first. */
export async function getActivity(record: RecordRef, page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), per_page: String(ACTIVITY_PAGE_SIZE) });
  return api.get(recordApiPath(record, `activity?${query.toString()}`), activityListSchema, { signal });
}

/** Page after page, older further down ("Show older activity"). */
export const activityQueryOptions = (record: RecordRef) =>
  infiniteQueryOptions({
    queryKey: recordKeys.activity(record),
    queryFn: ({ pageParam, signal }) => getActivity(record, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });

export function useActivity(record: RecordRef) {
  return useInfiniteQuery(activityQueryOptions(record));
}

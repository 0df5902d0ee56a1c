import { listQueryString, taskListSchema } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { taskKeys } from './record-keys';

export interface MyTasksParams {
  /** open (default), overdue or done */
  status: 'open' | 'overdue' | 'done';
  perPage: number;
}

/** GET /api/tasks (any staff): the signed-in staff member's tasks across every record, soonest due first. */
export async function getMyTasks(params: MyTasksParams, signal?: AbortSignal) {
  const query = listQueryString({
    filter: { assignee: 'me', status: params.status },
    sort: 'due_at',
    per_page: params.perPage,
  });
  return api.get(`/api/tasks?${query}`, taskListSchema, { signal });
}

export const myTasksQueryOptions = (params: MyTasksParams) =>
  queryOptions({
    queryKey: taskKeys.mine(params),
    queryFn: ({ signal }) => getMyTasks(params, signal),
    placeholderData: keepPreviousData,
  });

export function useMyTasks(params: MyTasksParams) {
  return useQuery(myTasksQueryOptions(params));
}

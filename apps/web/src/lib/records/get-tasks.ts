import { taskSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { dataListOf } from '../parsers';
import { recordApiPath, recordKeys, type RecordRef } from './record-keys';

const response = dataListOf(taskSchema);

/** GET /api/{path}/{id}/tasks (investors:show): open ones first, soonest due first. */
export async function getTasks(record: RecordRef, signal?: AbortSignal) {
  return (await api.get(recordApiPath(record, 'tasks'), response, { signal })).data;
}

export const tasksQueryOptions = (record: RecordRef) =>
  queryOptions({
    queryKey: recordKeys.tasks(record),
    queryFn: ({ signal }) => getTasks(record, signal),
  });

export function useTasks(record: RecordRef) {
  return useQuery(tasksQueryOptions(record));
}

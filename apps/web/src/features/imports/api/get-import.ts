import { dataOf, importSchema, type Import } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { importKeys } from './import-keys';

const response = dataOf(importSchema);

/** How often a running import's progress is read. */
export const IMPORT_POLL_MS = 1000;

/** GET /api/imports/{id}: the status, the counts so far and the rows that failed. */
export async function getImport(id: number, signal?: AbortSignal) {
  const body = await api.get(`/api/imports/${id}`, response, { signal });
  return body.data;
}

export const importQueryOptions = (id: number) =>
  queryOptions({
    queryKey: importKeys.detail(id),
    queryFn: ({ signal }) => getImport(id, signal),
    // While it runs on the server, its progress is read every second; then it stops changing.
    refetchInterval: (query) => (query.state.data?.status === 'running' ? IMPORT_POLL_MS : false),
    refetchIntervalInBackground: true,
  });

export function useImport(id: number | null) {
  return useQuery({ ...importQueryOptions(id ?? 0), enabled: id !== null });
}

export const isFinished = (item: Pick<Import, 'status'>) =>
  item.status === 'completed' || item.status === 'failed';

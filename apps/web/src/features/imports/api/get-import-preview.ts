import { dataOf, importPreviewSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { importKeys } from './import-keys';

const response = dataOf(importPreviewSchema);

/**
 * GET /api/imports/{id}/preview: every row checked without writing; the counts, the first rows and every
 * row with an error. The wizard's slowest call: the server checks each row against the database.
 */
export async function getImportPreview(id: number, signal?: AbortSignal) {
  const body = await api.get(`/api/imports/${id}/preview`, response, { signal });
  return body.data;
}

export const importPreviewQueryOptions = (id: number) =>
  queryOptions({
    queryKey: importKeys.preview(id),
    queryFn: ({ signal }) => getImportPreview(id, signal),
    staleTime: Infinity,
  });

export function useImportPreview(id: number) {
  return useQuery(importPreviewQueryOptions(id));
}

import { documentSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { dataListOf } from '../parsers';
import { recordApiPath, recordKeys, type RecordRef } from './record-keys';

const response = dataListOf(documentSchema);

/** The signed download links last 15 minutes: the list is fetched again well before they expire. */
const LINK_REFRESH_MS = 10 * 60_000;

/** GET /api/{path}/{id}/documents (investors:show), newest first, with short-lived signed links. */
export async function getDocuments(record: RecordRef, signal?: AbortSignal) {
  return (await api.get(recordApiPath(record, 'documents'), response, { signal })).data;
}

export const documentsQueryOptions = (record: RecordRef) =>
  queryOptions({
    queryKey: recordKeys.documents(record),
    queryFn: ({ signal }) => getDocuments(record, signal),
    staleTime: LINK_REFRESH_MS / 2,
    refetchInterval: LINK_REFRESH_MS,
  });

export function useDocuments(record: RecordRef) {
  return useQuery(documentsQueryOptions(record));
}

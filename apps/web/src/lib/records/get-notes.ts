import { noteSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { dataListOf } from '../parsers';
import { recordApiPath, recordKeys, type RecordRef } from './record-keys';

const response = dataListOf(noteSchema);

/** GET /api/{path}/{id}/notes (investors:show), newest first. */
export async function getNotes(record: RecordRef, signal?: AbortSignal) {
  return (await api.get(recordApiPath(record, 'notes'), response, { signal })).data;
}

export const notesQueryOptions = (record: RecordRef) =>
  queryOptions({
    queryKey: recordKeys.notes(record),
    queryFn: ({ signal }) => getNotes(record, signal),
  });

export function useNotes(record: RecordRef) {
  return useQuery(notesQueryOptions(record));
}

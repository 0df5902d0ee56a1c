import { callSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { dataListOf } from '../parsers';
import { recordApiPath, recordKeys, type RecordRef } from './record-keys';

const response = dataListOf(callSchema);

/** GET /api/{path}/{id}/calls (investors:show), most recent first. */
export async function getCalls(record: RecordRef, signal?: AbortSignal) {
  return (await api.get(recordApiPath(record, 'calls'), response, { signal })).data;
}

export const callsQueryOptions = (record: RecordRef) =>
  queryOptions({
    queryKey: recordKeys.calls(record),
    queryFn: ({ signal }) => getCalls(record, signal),
  });

export function useCalls(record: RecordRef) {
  return useQuery(callsQueryOptions(record));
}

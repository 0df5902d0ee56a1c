import { callSchema, dataOf, type CallOutcome } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { recordApiPath, recordKeys, type RecordRef } from './record-keys';

const response = dataOf(callSchema);

export interface CallInput {
  /** ISO 8601 with its offset */
  occurred_at: string;
  duration_minutes: number;
  outcome: CallOutcome;
  summary?: string;
}

/** POST /api/{path}/{id}/calls (investors:update). */
export async function logCall(record: RecordRef, input: CallInput) {
  return (await api.post(recordApiPath(record, 'calls'), input, response)).data;
}

/** DELETE …/calls/{callId}: one's own call, or anyone's with investors:delete. */
export async function deleteCall(record: RecordRef, callId: number) {
  await api.delete(recordApiPath(record, `calls/${callId}`));
}

function useRefreshCalls(record: RecordRef) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: recordKeys.calls(record) }),
      queryClient.invalidateQueries({ queryKey: recordKeys.activity(record) }),
    ]);
}

export function useLogCall(record: RecordRef) {
  const onSuccess = useRefreshCalls(record);
  return useMutation({ mutationFn: (input: CallInput) => logCall(record, input), onSuccess });
}

export function useDeleteCall(record: RecordRef) {
  const onSuccess = useRefreshCalls(record);
  return useMutation({ mutationFn: (callId: number) => deleteCall(record, callId), onSuccess });
}

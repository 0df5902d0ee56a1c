import { useRef } from 'react';
import { newIdempotencyKey } from '../../investment-transactions/api/investments';

/**
 * The Idempotency-Key of a dialog's submission: fresh for each opening (the dialog's form mounts per
 * opening), the same when the same values are sent again (a retry after a lost answer), and a new one
 * once the values change (after a 422, say), so a corrected submission is never taken for the old one.
 */
export function useSubmissionKey(): (payload: unknown) => string {
  const last = useRef<{ payload: string; key: string } | null>(null);
  return (payload) => {
    const sent = JSON.stringify(payload);
    if (last.current?.payload !== sent) last.current = { payload: sent, key: newIdempotencyKey() };
    return last.current.key;
  };
}

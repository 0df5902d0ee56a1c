import { isApiError } from '../../../lib/api-error';

/** Why an upload was refused, for a person: the server's first field message, or its message. */
export function uploadFailure(caught: unknown): string {
  if (!isApiError(caught) || caught.unanswered) return 'The upload did not finish. Please try again.';
  const errors = caught.errors;
  const first = typeof errors === 'object' ? Object.values(errors).flat()[0] : undefined;
  if (typeof errors === 'string') return errors;
  return first ?? (caught.message || 'Something went wrong submitting.');
}

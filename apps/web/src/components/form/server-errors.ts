import { isApiError } from '../../lib/api-error';

export const SUBMIT_FALLBACK_MESSAGE = 'Something went wrong submitting.';

export interface SubmitFailure {
  /** first message per field the form has */
  readonly fieldErrors: Record<string, string>;
  /** shown above the submit button, or null when every error sits on a field */
  readonly formError: string | null;
}

/**
 * Spec §5 and §8: server field errors go on the matching fields; errors given as a string are the form
 * error; otherwise the server's message, or "Something went wrong submitting." when there is none.
 */
export function submitFailure(error: unknown, fields: readonly string[]): SubmitFailure {
  if (!isApiError(error) || error.unanswered) return { fieldErrors: {}, formError: SUBMIT_FALLBACK_MESSAGE };
  const { errors } = error;
  if (typeof errors === 'string') {
    return { fieldErrors: {}, formError: errors || error.message || SUBMIT_FALLBACK_MESSAGE };
  }
  const fieldErrors: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const [first] = messages;
    if (first === undefined) continue;
    if (fields.includes(field)) fieldErrors[field] = first;
    else elsewhere.push(first);
  }
  if (Object.keys(fieldErrors).length > 0) {
    return { fieldErrors, formError: elsewhere.length > 0 ? elsewhere.join(' ') : null };
  }
  return { fieldErrors, formError: error.message || SUBMIT_FALLBACK_MESSAGE };
}

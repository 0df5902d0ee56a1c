import { statusMessageSchema, type ForgotPasswordInput } from '@portico/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /password/email: the same answer whether or not the address has an account. */
export function sendResetLink(input: ForgotPasswordInput) {
  return api.post('/password/email', input, statusMessageSchema);
}

export function useSendResetLink() {
  return useMutation({ mutationFn: sendResetLink });
}

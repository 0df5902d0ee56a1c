import { statusMessageSchema, type ResetPasswordInput } from '@portico/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /password/reset with the token from the emailed link. */
export function resetPassword(input: ResetPasswordInput) {
  return api.post('/password/reset', input, statusMessageSchema);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

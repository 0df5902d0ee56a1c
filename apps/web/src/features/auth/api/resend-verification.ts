import { statusMessageSchema } from '@portico/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /email/resend: another verification email (429 when asked too often). */
export function resendVerification() {
  return api.post('/email/resend', undefined, statusMessageSchema);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

import { statusMessageSchema, type UpdatePasswordInput } from '@portico/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/update-password: the signed-in user's new password; their other sessions end. */
export function updatePassword(input: UpdatePasswordInput) {
  return api.post('/api/auth/update-password', input, statusMessageSchema);
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}

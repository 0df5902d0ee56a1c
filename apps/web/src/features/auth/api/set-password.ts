import { dataOf, userSchema, type SetPasswordInput, type User } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';

const response = dataOf(userSchema);

/** POST /api/auth/set-password: an invited user chooses a password and is signed in. */
export async function setPassword(input: SetPasswordInput): Promise<User> {
  const body = await api.post('/api/auth/set-password', input, response);
  return body.data;
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    onSuccess: (user) => startSession(queryClient, user),
  });
}

import type { LoginInput, User } from '@portico/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchCurrentUser, startSession } from '../../../lib/session';
import { sendAsGuest } from './logout';

/** POST /login (204), then GET /api/user for who signed in. */
export async function login(input: LoginInput, queryClient: QueryClient): Promise<User> {
  await sendAsGuest(queryClient, () => api.post('/login', input, undefined, { manualRedirect: true }));
  return fetchCurrentUser();
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => login(input, queryClient),
    onSuccess: (user) => startSession(queryClient, user),
  });
}

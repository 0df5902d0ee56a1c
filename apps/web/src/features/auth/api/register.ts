import type { RegisterInput, User } from '@portico/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchCurrentUser, startSession } from '../../../lib/session';
import { sendAsGuest } from './logout';

/** What the register form sends: the terms box may be unticked, and the server says so on the field. */
export type RegisterValues = Omit<RegisterInput, 'accept_terms'> & { accept_terms: boolean };

/** POST /register (204: the new investor is signed in, unverified), then GET /api/user. */
export async function register(input: RegisterValues, queryClient: QueryClient): Promise<User> {
  await sendAsGuest(queryClient, () => api.post('/register', input, undefined, { manualRedirect: true }));
  return fetchCurrentUser();
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterValues) => register(input, queryClient),
    onSuccess: (user) => startSession(queryClient, user),
  });
}

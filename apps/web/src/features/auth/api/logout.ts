import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { sessionKeys, type SessionState } from '../../../lib/session';

/**
 * POST /logout without leaving the page: used before a new login when a session exists (spec §7).
 * A 401 here only means there was nothing to end.
 */
export async function endSessionQuietly(): Promise<void> {
  try {
    await api.post('/logout', undefined, undefined, { redirectOnUnauthorized: false, manualRedirect: true });
  } catch {
    // Nothing to end, or the session is already gone: either way the next login starts clean.
  }
}

/**
 * Sends a guest-only call (POST /login, /register). The server answers those with a 302 while a session
 * is signed in, so an existing session is ended first, and once more if the server still had one.
 */
export async function sendAsGuest(queryClient: QueryClient, send: () => Promise<unknown>): Promise<void> {
  const session = queryClient.getQueryData<SessionState>(sessionKeys.all);
  if (session?.status === 'authenticated') await endSessionQuietly();
  try {
    await send();
  } catch (error) {
    if (!isApiError(error) || error.status !== 302) throw error;
    await endSessionQuietly();
    await send();
  }
}

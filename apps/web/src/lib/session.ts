import type { User } from '@portico/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { isApiError } from './api-error';
import { firstAnswerData, parseLater } from './first-answer';

/**
 * Spec §4: the session is loaded once, on the first page load. 200 means logged in; 503 or no answer
 * within 5 s means maintenance; any other answer means logged out.
 */
export type SessionState =
  | { readonly status: 'authenticated'; readonly user: User }
  | { readonly status: 'guest' }
  | { readonly status: 'maintenance' };

const GUEST: SessionState = { status: 'guest' };

export const sessionKeys = {
  all: ['session'] as const,
};

/** The contract's parser of GET /api/user, loaded on first use so that zod stays off the first page. */
async function userResponse() {
  return (await import('./answer-schemas')).userResponse;
}

const USER_OPTIONS = { redirectOnUnauthorized: false } as const;

/** GET /api/user, parsed by the contract (after a sign-in, or a change to the user). */
export async function fetchCurrentUser(): Promise<User> {
  const [body, parser] = await Promise.all([api.get('/api/user', undefined, USER_OPTIONS), userResponse()]);
  return parser.parse(body).data;
}

/**
 * The session of the first page load: the user is shape-checked for the first render and parsed by the
 * contract once zod has loaded; a user the contract refuses signs the page out, as a bad answer always
 * has. Without a query client (the maintenance page), the contract's parse is awaited.
 */
export async function fetchSession(queryClient?: QueryClient): Promise<SessionState> {
  try {
    if (!queryClient) return { status: 'authenticated', user: await fetchCurrentUser() };
    const body = await api.get('/api/user', undefined, USER_OPTIONS);
    const user = firstAnswerData<User>(body, {
      id: 'number',
      role_id: 'number',
      name: 'string',
      email: 'string',
    });
    parseLater(body, userResponse, () => setSession(queryClient, GUEST));
    return { status: 'authenticated', user };
  } catch (error) {
    if (isApiError(error) && (error.status === 503 || error.unanswered)) return { status: 'maintenance' };
    return GUEST;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.all,
    queryFn: ({ client }) => fetchSession(client),
    // Loaded once per page load; login, logout and profile changes write it explicitly.
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function loadSession(queryClient: QueryClient): Promise<SessionState> {
  return queryClient.ensureQueryData(sessionQueryOptions());
}

export function setSession(queryClient: QueryClient, state: SessionState): void {
  queryClient.setQueryData(sessionKeys.all, state);
}

/**
 * Queries of the page rather than of whoever is signed in. They stay in the cache, so the components
 * watching them (the theme, the root layout) keep watching the entries that change.
 */
const PAGE_QUERIES: ReadonlySet<unknown> = new Set([sessionKeys.all[0], 'branding']);

/** Signs the user in on this page: forget every query cached for whoever was here before. */
export function startSession(queryClient: QueryClient, user: User): void {
  queryClient.removeQueries({ predicate: (query) => !PAGE_QUERIES.has(query.queryKey[0]) });
  setSession(queryClient, { status: 'authenticated', user });
}

/** The session as the root loader resolved it. */
export function useSession(): SessionState {
  const { data } = useQuery(sessionQueryOptions());
  return data ?? GUEST;
}

export function useOptionalUser(): User | undefined {
  const session = useSession();
  return session.status === 'authenticated' ? session.user : undefined;
}

/** The signed-in user, inside areas whose route guard has already required one. */
export function useUser(): User {
  const user = useOptionalUser();
  if (!user) throw new Error('useUser() used outside a signed-in area');
  return user;
}

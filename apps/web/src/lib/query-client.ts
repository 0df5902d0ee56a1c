import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { MAINTENANCE_PATH } from '../config/app';
import { isApiError } from './api-error';
import { browser } from './browser';

/** 503 means planned maintenance (API-CONTRACT.md §5): whatever the call, the user belongs on /maintenance. */
function onApiError(error: unknown) {
  if (!isApiError(error) || error.status !== 503) return;
  if (window.location.pathname === MAINTENANCE_PATH) return;
  const from = `${window.location.pathname}${window.location.search}`;
  browser.assign(`${MAINTENANCE_PATH}?from=${encodeURIComponent(from)}`);
}

/** Spec §7: no retry on error; no refetch storms when the window regains focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onApiError }),
    mutationCache: new MutationCache({ onError: onApiError }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

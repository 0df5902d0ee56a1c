import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from '../app/provider';
import { createRoutes, routerOptions } from '../app/router';
import type { Branding } from '@portico/contracts';
import { brandingKeys } from '../lib/branding';
import { createQueryClient } from '../lib/query-client';
import { setSession, type SessionState } from '../lib/session';

/** The whole app at a URL, as a browser would open it; fetch must be mocked first. */
export function renderApp(path: string, queryClient: QueryClient = createQueryClient()) {
  const router = createMemoryRouter(createRoutes(queryClient), {
    ...routerOptions(queryClient),
    initialEntries: [path],
  });
  const view = render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

interface RenderOptions {
  session?: SessionState;
  /** the branding record as loaded at start-up; null: unreadable, the defaults apply */
  branding?: Branding | null;
  path?: string;
  /** more routes beside the one rendering `ui`, to observe navigation */
  routes?: RouteObject[];
}

/** One component inside the app's providers and a router, with the session and branding already known. */
export function renderWithProviders(
  ui: ReactNode,
  { session = { status: 'guest' }, branding = null, path = '/', routes = [] }: RenderOptions = {},
) {
  const queryClient = createQueryClient();
  setSession(queryClient, session);
  queryClient.setQueryData(brandingKeys.all, branding);
  const router = createMemoryRouter([{ path: path.split('?')[0], element: ui }, ...routes], {
    initialEntries: [path],
  });
  const view = render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

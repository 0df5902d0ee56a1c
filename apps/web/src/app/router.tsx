import type { QueryClient } from '@tanstack/react-query';
import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { createGuards } from './guards';
import { RootFallback, RootLayout } from './root-layout';
import { NotFoundPage, RouteErrorPage } from './route-error-page';
import { authRoutes } from './routes/auth-routes';
import { investorRoutes } from './routes/investor-routes';

/** Every route of the app but the admin portal's (see `adminRouteDiscovery`). The root loader resolves the session before anything renders (spec §4). */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const guards = createGuards(queryClient);
  return [
    {
      id: 'root',
      path: '/',
      loader: guards.root,
      Component: RootLayout,
      HydrateFallback: RootFallback,
      ErrorBoundary: RouteErrorPage,
      children: [
        { index: true, loader: guards.home, Component: RootFallback },
        ...authRoutes(guards),
        investorRoutes(guards),
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}

const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/');

/**
 * The admin portal's routes join the table on the first navigation under /admin (React Router's
 * patchRoutesOnNavigation, called while only the `*` route matches): the first page of every other area
 * loads neither the admin route table nor its config.
 */
export function adminRouteDiscovery(queryClient: QueryClient): PatchRoutesOnNavigationFunction {
  const guards = createGuards(queryClient);
  let added = false;
  return async ({ path, patch }) => {
    if (added || !isAdminPath(path)) return;
    const { adminRoutes } = await import('./routes/admin-routes');
    if (added) return;
    patch('root', [adminRoutes(guards)]);
    added = true;
  };
}

/** The router's options beside its routes. */
export function routerOptions(queryClient: QueryClient) {
  return { patchRoutesOnNavigation: adminRouteDiscovery(queryClient) };
}

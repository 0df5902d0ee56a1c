import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { createGuards } from './guards';
import { RootFallback, RootLayout } from './root-layout';
import { NotFoundPage, RouteErrorPage } from './route-error-page';
import { adminRoutes } from './routes/admin-routes';
import { authRoutes } from './routes/auth-routes';
import { investorRoutes } from './routes/investor-routes';

/** Every route of the app. The root loader resolves the session before anything renders (spec §4). */
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
        adminRoutes(guards),
        investorRoutes(guards),
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}

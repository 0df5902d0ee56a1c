import type { RouteObject } from 'react-router';
import type { Guards } from '../guards';

/** Signed-out pages, the verify notice, /terms and /maintenance; each page is its own chunk. */
export function authRoutes(guards: Guards): RouteObject[] {
  return [
    {
      path: 'login',
      loader: guards.guestOnly,
      lazy: { Component: async () => (await import('../../features/auth/pages/login-page')).LoginPage },
    },
    {
      path: 'register',
      loader: guards.guestOnly,
      lazy: { Component: async () => (await import('../../features/auth/pages/register-page')).RegisterPage },
    },
    {
      path: 'forgot-password',
      loader: guards.guestOnly,
      lazy: {
        Component: async () =>
          (await import('../../features/auth/pages/forgot-password-page')).ForgotPasswordPage,
      },
    },
    {
      path: 'reset-password',
      lazy: {
        Component: async () =>
          (await import('../../features/auth/pages/reset-password-page')).ResetPasswordPage,
      },
    },
    {
      path: 'set-password',
      lazy: {
        Component: async () => (await import('../../features/auth/pages/set-password-page')).SetPasswordPage,
      },
    },
    {
      path: 'verify-email',
      lazy: {
        Component: async () => (await import('../../features/auth/pages/verify-email-page')).VerifyEmailPage,
      },
    },
    {
      // Public: the terms the blocking modal links to (spec §2.2).
      path: 'terms',
      lazy: { Component: async () => (await import('../../features/terms/pages/terms-page')).TermsPage },
    },
    {
      path: 'maintenance',
      lazy: {
        Component: async () => (await import('../../features/auth/pages/maintenance-page')).MaintenancePage,
      },
    },
  ];
}

import type { FirstPageRoots } from './first-page-chunks';

/** Every page, just after its first render: the contract's schemas of the session and the branding. */
const SHELL = ['src/lib/answer-schemas.ts'];

/** The investor area around every investor page, and the gate it may show. */
const INVESTOR_AREA = [
  'src/app/routes/investor-area.tsx',
  'src/features/investor-profile/components/categorisation-gate.tsx',
  'src/features/identity/api/onboarding-answer.ts',
];

/**
 * What each first page loads after its entry: its route's modules and the lazy parts of its first
 * render, as the ends of their module ids. The build gives each set of these pages that share modules
 * one chunk (first-page-chunks.ts); the realtime client, loaded once the browser is idle, keeps its own.
 */
export const FIRST_PAGE_ROOTS: FirstPageRoots = {
  login: [
    ...SHELL,
    'src/features/auth/pages/login-page.tsx',
    'src/features/auth/components/login-resolver.ts',
  ],
  overview: [
    ...SHELL,
    ...INVESTOR_AREA,
    'src/features/investor/pages/investor-overview-page.tsx',
    'src/features/investor/components/overview-sections.tsx',
    'src/features/investor/components/cash-call-card.tsx',
    'src/features/investor/api/overview-answers.ts',
  ],
  investments: [
    ...SHELL,
    ...INVESTOR_AREA,
    'src/features/investor-investments/load-pages.ts',
    'src/features/investor-investments/pages/investments-page.tsx',
  ],
  realtime: ['pusher-js/dist/web/pusher.js', 'laravel-echo/dist/echo.js'],
};

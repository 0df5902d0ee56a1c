import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { investorIdByEmail } from './support/records';
import { ADMIN, api, logIn } from './support/session';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** Each serious or critical violation as a few readable lines: rule, help, and where. */
async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    // Account settings' colour preview shows the colours staff are choosing exactly as chosen, before
    // the theme raises their contrast: it is a sample, not content.
    .exclude('section[aria-label="Preview"]')
    .analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) =>
      [
        `${violation.impact}: ${violation.id}: ${violation.help} (${violation.helpUrl})`,
        ...violation.nodes
          .slice(0, 5)
          .map(
            (node) => `  at ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ')}`,
          ),
        ...(violation.nodes.length > 5 ? [`  and ${violation.nodes.length - 5} more`] : []),
      ].join('\n'),
    );
}

/** Opens a page, waits until it has drawn its content, and checks it. */
async function check(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const violations = await blockingViolations(page);
  expect(violations, `${path}\n${violations.join('\n\n')}`).toEqual([]);
}

const heading = (name: string | RegExp) => async (page: Page) =>
  expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

interface Screen {
  path: string | ((page: Page) => Promise<string>);
  as?: string;
  ready: (page: Page) => Promise<void>;
}

const SCREENS: Record<string, Screen> = {
  login: {
    path: '/login',
    ready: async (p) => expect(p.getByRole('button', { name: 'Log in' })).toBeVisible(),
  },
  register: { path: '/register', ready: async (p) => expect(p.getByLabel('Email address')).toBeVisible() },
  '404 page': { path: '/no/such/page', ready: heading("Sorry that page doesn't seem to exist") },
  'investor overview': {
    path: '/investor',
    as: 'investor@portico.test',
    ready: heading(/^Good (morning|afternoon|evening)/),
  },
  'investor profile': { path: '/investor/profile/view', as: 'investor@portico.test', ready: heading(/.+/) },
  'investor investments': {
    path: '/investor/investments',
    as: 'investor@portico.test',
    ready: async (p) => {
      await expect(p.getByRole('heading', { level: 1, name: 'Investments' })).toBeVisible();
      await expect(p.getByRole('heading', { name: 'My Reserved Allocations' })).toBeVisible();
      await expect(p.getByRole('article').first()).toBeVisible();
    },
  },
  'an investor opportunity': {
    path: '/investor/investments/kinfolk-health-seed',
    as: 'investor@portico.test',
    ready: async (p) => {
      await heading('Kinfolk Health – Seed')(p);
      await expect(p.getByRole('link', { name: 'Reserve An Allocation' })).toBeVisible();
    },
  },
  'the invest step': {
    path: '/investor/investments/kinfolk-health-seed/invest',
    as: 'investor@portico.test',
    ready: heading('How much would you like to invest?'),
  },
  'investor identity check': {
    path: '/investor/profile/identity',
    as: 'investor2@portico.test',
    ready: async (p) => expect(p.getByRole('heading', { name: 'Your identity check' })).toBeVisible(),
  },
  'admin overview': { path: '/admin', as: ADMIN, ready: heading(/.+/) },
  'investors list': {
    path: '/admin/investors',
    as: ADMIN,
    ready: async (p) => expect(p.getByRole('table')).toBeVisible(),
  },
  'an investor record': {
    path: async (p) => `/admin/investors/${await investorIdByEmail(p, 'investor@portico.test')}`,
    as: ADMIN,
    ready: heading('Olivia Carter'),
  },
  'contacts list': {
    path: '/admin/investors/contacts',
    as: ADMIN,
    ready: async (p) => expect(p.getByRole('table')).toBeVisible(),
  },
  'account settings': { path: '/admin/settings/account', as: ADMIN, ready: heading(/.+/) },
  // issue 21: the insider register's acceptances, and a sounding as its investor reads it
  'insider register': {
    path: '/admin/insider-register',
    as: ADMIN,
    ready: async (p) => expect(p.getByRole('table').first()).toBeVisible(),
  },
  'a market sounding': {
    path: async (p) => {
      const mine = (await api(p, 'GET', '/api/profile/market-soundings')) as { data: Array<{ id: number }> };
      return `/investor/investments/market-sounding/${mine.data[0]?.id ?? 0}`;
    },
    as: 'investor@portico.test',
    ready: heading('Market sounding'),
  },
};

test.describe('no serious or critical WCAG A/AA violations (axe)', () => {
  // axe walks the whole page: on a busy machine that takes a while.
  test.describe.configure({ timeout: 120_000 });
  for (const [name, screen] of Object.entries(SCREENS)) {
    test(name, async ({ page }) => {
      if (screen.as) await logIn(page, screen.as);
      const path = typeof screen.path === 'string' ? screen.path : await screen.path(page);
      await check(page, path, screen.ready);
    });
  }
});

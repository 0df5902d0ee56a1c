import { expect, test, type Page } from '@playwright/test';
import { api, logIn } from './support/session';

/**
 * Issue 10, spec §2.3 and §6: the Entrepreneur and the Custodian land on their investment screens and
 * see only what the permission table gives them; the Investment Manager sees no Notes, Calls and Tasks
 * on an opportunity.
 */
const menu = (page: Page) => page.getByRole('navigation', { name: /admin/i });

/** The first opportunity of a status the signed-in user may list (the demo has every status). */
async function opportunityWithStatus(page: Page, status: number) {
  const list = (await api(page, 'GET', `/api/opportunities?filter[status]=${status}&per_page=1`)) as {
    data: Array<{ id: number; name: string }>;
  };
  const found = list.data[0];
  if (!found) throw new Error(`no opportunity with status ${status} in the demo`);
  return found;
}

test('the Entrepreneur lands on the deals board, with Deals and Opportunities but no Investors', async ({
  page,
}) => {
  await logIn(page, 'entrepreneur@portico.test');
  await expect(page).toHaveURL(/\/admin\/investments\/deals$/);
  await expect(menu(page).getByRole('link', { name: 'Deals', exact: true })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Opportunities', exact: true })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Investors', exact: true })).toHaveCount(0);
  await expect(menu(page).getByRole('link', { name: 'Client groups' })).toHaveCount(0);
  await expect(menu(page).getByRole('link', { name: 'Overview' })).toHaveCount(0);
  // Settings: security only.
  await expect(menu(page).getByRole('link', { name: 'Security' })).toBeVisible();
  for (const label of [
    'Account',
    'Admin accounts',
    'Terminology',
    'Features',
    'Sign-up documents',
    'Lead status',
  ])
    await expect(menu(page).getByRole('link', { name: label, exact: true })).toHaveCount(0);
  // The header search finds deals and opportunities, not investors.
  await expect(page.getByRole('combobox', { name: 'Search deals and opportunities' })).toBeVisible();
});

test('the Custodian lands on the opportunities, may not add one, and has no deals', async ({ page }) => {
  await logIn(page, 'custodian@portico.test');
  await expect(page).toHaveURL(/\/admin\/investments\/opportunities$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Opportunities' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Opportunities' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('link', { name: 'New opportunity' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New opportunity' })).toHaveCount(0);
  await expect(menu(page).getByRole('link', { name: 'Deals', exact: true })).toHaveCount(0);
  await expect(menu(page).getByRole('link', { name: 'Investors', exact: true })).toHaveCount(0);
  await page.goto('/admin/investments/deals');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await page.goto('/admin/investments/opportunities/new-opportunity');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
});

test('the Investment Manager sees no Notes, Calls and Tasks on an opportunity, live or existing', async ({
  page,
}) => {
  await logIn(page, 'manager@portico.test');
  for (const [status, path] of [
    [2, '/admin/investments/opportunities'],
    [5, '/admin/investments/existing'],
  ] as const) {
    const opportunity = await opportunityWithStatus(page, status);
    await page.goto(`${path}/${opportunity.id}/details`);
    await expect(page.getByRole('heading', { level: 1, name: opportunity.name })).toBeVisible();
    await expect(page.getByRole('link', { name: /Notes, Calls and Tasks/i })).toHaveCount(0);
    await page.goto(`${path}/${opportunity.id}/notes-calls-tasks`);
    await expect(
      page.getByRole('heading', { name: /^(Something went wrong|Sorry that page doesn't seem to exist)$/ }),
    ).toBeVisible();
  }
  // The server refuses them too.
  const live = await opportunityWithStatus(page, 2);
  const cookies = await page.context().cookies();
  const xsrf = decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
  const notes = await page.request.get(`/api/opportunities/${live.id}/notes`, {
    headers: { 'x-xsrf-token': xsrf, accept: 'application/json' },
  });
  expect(notes.status()).toBe(403);
});

import { expect, test, type Page } from '@playwright/test';
import { addMoney } from './support/investing';
import { ADMIN, api, logIn } from './support/session';

/**
 * Issue 19, the WIP report: its figures agree to the penny with the opportunities' own. Each live raise's
 * committed and paid on the report are its Transactions tab's committed and received; the report's totals
 * row is the sum of the tabs; the demo's overdue cash call is shown late; both exports download. The
 * /admin overview shows the money, the investors by onboarding state and the recent activity.
 */

const FIRST_RENDER = { timeout: 30_000 };

type Raise = { id: number; name: string; currency: string; committed: string; paid: string };
type Report = {
  raises: Raise[];
  raise_totals: { committed: Array<{ currency: string; amount: string }> };
  cash_calls: Array<{ overdue: boolean; opportunity: { name: string } }>;
};
type Tab = { totals: { by_currency: Array<{ currency: string; committed: string; received: string }> } };

const raisesTable = (page: Page) => page.getByRole('table', { name: 'Live raises', exact: true });

/** The figure under a label of the Transactions tab's totals. */
const tabFigure = (page: Page, label: string) =>
  page
    .getByLabel('Totals', { exact: true })
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::*[1]');

test('the WIP report’s figures equal the opportunities’ own, to the penny', async ({ page }) => {
  await logIn(page, ADMIN);
  const report = ((await api(page, 'GET', '/api/reports/wip')) as { data: Report }).data;
  const sterling = report.raises.filter((raise) => raise.currency === 'GBP');
  expect(sterling.length).toBeGreaterThan(0);

  await page.goto('/admin/reports/wip');
  await expect(page.getByRole('heading', { name: 'WIP report', level: 1 })).toBeVisible(FIRST_RENDER);
  await expect(raisesTable(page)).toBeVisible(FIRST_RENDER);

  // Every raise's row against its own Transactions tab (read through the API the tab uses) …
  let committed = '0.00';
  for (const raise of sterling) {
    const tab = (await api(page, 'GET', `/api/opportunities/${raise.id}/investments`)) as Tab;
    const line = tab.totals.by_currency.find((item) => item.currency === 'GBP');
    const row = raisesTable(page).getByRole('row', { name: raise.name, exact: true });
    await expect(row.locator('[data-figure="committed"]')).toHaveText(money(line?.committed ?? '0.00'));
    await expect(row.locator('[data-figure="paid"]')).toHaveText(money(line?.received ?? '0.00'));
    committed = addMoney(committed, line?.committed ?? '0.00');
  }
  // … and the totals row is their sum.
  const totals = raisesTable(page)
    .getByRole('row', { name: /^Total/ })
    .first();
  await expect(totals).toContainText(money(committed));

  // One raise opened on screen: the tab shows what the report's row shows.
  const first = sterling[0];
  if (!first) throw new Error('no sterling raise');
  const row = raisesTable(page).getByRole('row', { name: first.name, exact: true });
  const shownCommitted = await row.locator('[data-figure="committed"]').innerText();
  const shownPaid = await row.locator('[data-figure="paid"]').innerText();
  await row.getByRole('link', { name: first.name }).click();
  await page.getByRole('link', { name: 'Transactions', exact: true }).click();
  await expect(tabFigure(page, 'Committed')).toHaveText(shownCommitted, FIRST_RENDER);
  await expect(tabFigure(page, 'Received')).toHaveText(shownPaid);
});

test('the WIP report shows the overdue cash call, groups by manager and exports Excel and PDF', async ({
  page,
}) => {
  await logIn(page, ADMIN);
  await page.goto('/admin/reports/wip');
  const calls = page.getByRole('table', { name: 'Cash calls outstanding' });
  await expect(calls).toBeVisible(FIRST_RENDER);
  await expect(calls.getByText(/\d+ days? overdue/).first()).toBeVisible();
  await expect(calls.getByRole('row', { name: /^Of which overdue/ }).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Deals by pipeline and stage' })).toBeVisible();

  await page.getByText('By investment manager', { exact: true }).click();
  await expect(page.getByRole('table', { name: 'By investment manager' })).toBeVisible();
  await expect(page.getByRole('table', { name: /^Live raises of / }).first()).toBeVisible();

  const [excel] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export Excel' }).click(),
  ]);
  expect(excel.suggestedFilename()).toMatch(/^wip-report-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^wip-report-\d{4}-\d{2}-\d{2}\.pdf$/);

  // A frozen snapshot for the committee: saved, listed, opened in place.
  await page.getByRole('button', { name: 'Save snapshot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save a WIP snapshot' });
  const title = `Committee ${Date.now().toString(36)}`;
  await dialog.getByRole('textbox', { name: /Title/ }).fill(title);
  await dialog.getByRole('button', { name: 'Save snapshot' }).click();
  await expect(page.getByText(`Snapshot: ${title}`)).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Saved snapshots' }).getByRole('row', { name: title }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export PDF' })).toHaveAttribute(
    'href',
    /\/snapshots\/\d+\/export\?format=pdf$/,
  );
  await page.getByRole('button', { name: 'Back to the live report' }).click();

  // The menu leads to it, under Reports.
  await expect(page.getByRole('link', { name: 'WIP', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('the /admin overview shows the money, onboarding states and recent activity, also at 390 px', async ({
  page,
}) => {
  await logIn(page, ADMIN);
  await page.goto('/admin');
  const year = new Date().getFullYear();
  await expect(page.getByRole('region', { name: `Raised in ${year}` })).toBeVisible(FIRST_RENDER);
  await expect(page.getByRole('region', { name: 'Raised in total' })).toContainText('£');
  await expect(page.getByRole('region', { name: 'Live raises' })).toContainText('committed across');
  await expect(page.getByRole('region', { name: 'Cash outstanding' })).toContainText(
    /overdue on \d+ cash calls?/,
  );
  await expect(page.getByRole('heading', { name: /by onboarding state$/ })).toBeVisible();
  await expect(page.getByRole('listitem', { name: /^Ready to invest: \d+$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent activity' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/reports/wip');
  await expect(raisesTable(page)).toBeVisible(FIRST_RENDER);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

/** A decimal string as the web shows it in pounds: "1234.5" → "£1,234.50". */
function money(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  return `£${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

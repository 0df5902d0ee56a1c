import { expect, test, type Page } from '@playwright/test';
import { ADMIN, api, logIn } from './support/session';

/**
 * Issue 20's statements, on the demo data: the investor's returns over a period they pick, their EIS/SEIS
 * relief statement (certificates received and awaited, and its PDF), and a fund's update report read from
 * the fund's page; staff read the firm's audit log (issue 21). Lane B: nothing else there switches funds.
 */

const INVESTOR = 'investor@portico.test';
const FIRST_RENDER = { timeout: 30_000 };

async function switchFundsOn(page: Page) {
  await api(page, 'PATCH', '/api/features', { enableFunds: true });
}

test('the investor reads returns over a period, the relief statement and a fund’s report', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const staff = await browser.newContext();
  const admin = await staff.newPage();
  try {
    await logIn(admin, ADMIN);
    await switchFundsOn(admin);
  } finally {
    await staff.close();
  }

  await logIn(page, INVESTOR);
  await page.goto('/investor/portfolio');
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible(FIRST_RENDER);

  // returns over the last tax year: asked of the API with its dates, and shown
  const returns = page.getByRole('region', { name: 'Returns' });
  await expect(returns.getByRole('term').first()).toBeVisible(FIRST_RENDER);
  const asked = page.waitForRequest((request) => request.url().includes('/api/portfolio/returns?from='));
  await returns.getByText('Last tax year').click();
  const url = new URL((await asked).url());
  expect(url.searchParams.get('from')).toMatch(/^\d{4}-04-06$/);
  expect(url.searchParams.get('to')).toMatch(/^\d{4}-04-05$/);
  await expect(returns).toContainText(/From 6 Apr \d{4} to 5 Apr \d{4}/);
  await expect(returns.getByRole('term').filter({ hasText: /^Value at end$/ })).toBeVisible();

  // the relief statement: the demo's EIS3 certificates, received and awaited, and the PDF
  const relief = page.getByRole('region', { name: 'EIS and SEIS tax relief' });
  await expect(relief.getByText('EIS3 received').first()).toBeVisible(FIRST_RENDER);
  await expect(relief.getByText(/awaited$/).first()).toBeVisible();
  const href = await relief.getByRole('link', { name: /Download relief statement/ }).getAttribute('href');
  expect(href).toBeTruthy();
  const pdf = await page.request.get(href ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // the fund's page lists its update reports; one opens in the reader, with the way back
  await page
    .getByRole('table', { name: 'Holdings' })
    .getByRole('link', { name: /Portico Ventures Fund I/ })
    .click();
  const reports = page.getByRole('region', { name: 'Reports' });
  await reports.getByRole('link', { name: /annual letter to investors/ }).click();
  await expect(page).toHaveURL(/\/investor\/portfolio\/fund\/\d+\/reports\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /annual letter to investors/ })).toBeVisible(
    FIRST_RENDER,
  );
  await expect(page.getByRole('link', { name: /Portico Ventures Fund I/ }).first()).toBeVisible();
});

test('staff read the audit log, narrowed by action, an entry with its values before and after', async ({
  page,
}) => {
  await logIn(page, ADMIN);
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/audit-log$/);
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table.getByRole('row').nth(1)).toBeVisible(FIRST_RENDER);
  await page.getByRole('searchbox', { name: 'Action' }).fill('features.');
  await expect(page).toHaveURL(/search=features\./);
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText('features.updated');
  await first.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Who:')).toBeVisible();
  await expect(dialog.getByRole('table').or(dialog.getByText('holds no values'))).toBeVisible();
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { attachReadingDocuments } from './support/lifecycle';
import { daysFromNow } from './support/opportunities';
import { ADMIN, api, logIn } from './support/session';

/**
 * Issue 19, the investor overview: an investor whose onboarding is done and who has a £50,000 cash call
 * waiting sees it first on /investor (amount, due date, bank details and reference, each with a copy
 * button), no onboarding checklist, and how they are doing; on a 390 px phone too.
 */

const FIRST_RENDER = { timeout: 30_000 };
const INVESTOR = 'investor@portico.test';

type Data<T> = { data: T };

/** A JSON PUT with the context's session (the support `api` helper sends GET, POST and PATCH). */
async function put(page: Page, path: string, data: unknown) {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.fetch(path, {
    method: 'PUT',
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf), accept: 'application/json' },
    data,
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** "2026-12-11" → "11 Dec 2026", as the web app writes a day. */
function longDay(day: string) {
  const [year, month, date] = day.split('-').map(Number);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${date} ${months[(month ?? 1) - 1]} ${year}`;
}

test('an investor with an open cash call sees it first on the overview, with what to copy', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // Staff, through the API: a live round with its client account, Olivia's £50,000 in it, and a cash call.
  await logIn(page, ADMIN);
  const name = `Overview Cash Call ${Date.now().toString(36)}`;
  const created = (await api(page, 'POST', '/api/opportunities', {
    name,
    company_name: `${name} Ltd`,
    target_amount: '60000',
    maximum_amount: '100000',
    minimum_investment: '1000',
    share_price: '1.00',
    tax_relief: 'eis',
    closing_date: daysFromNow(30),
  })) as Data<{ id: number }>;
  const id = created.data.id;
  await attachReadingDocuments(page, id);
  await api(page, 'POST', `/api/opportunities/${id}/transition`, { status: 2 });
  await put(page, `/api/opportunities/${id}/bank-details`, {
    bank_account_name: `${name} Client Account`,
    bank_sort_code: '401120',
    bank_account_number: '12345678',
  });
  const investors = (await api(
    page,
    'GET',
    `/api/investors?filter[search]=${encodeURIComponent(INVESTOR)}`,
  )) as Data<Array<{ id: number; email: string }>>;
  const olivia = investors.data.find((row) => row.email === INVESTOR);
  if (!olivia) throw new Error(`no investor ${INVESTOR}`);
  await api(page, 'POST', `/api/opportunities/${id}/investments`, {
    user_id: olivia.id,
    type: 'manual',
    holding: { type: 'self' },
    amount: '50000',
    invested_on: daysFromNow(0),
  });
  const due = daysFromNow(14);
  await api(page, 'POST', `/api/opportunities/${id}/cash-calls`, { due_date: due });

  // Olivia, on a phone.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const phone = await context.newPage();
  try {
    await logIn(phone, INVESTOR);
    const overview = (await api(phone, 'GET', '/api/profile/overview')) as Data<{
      cash_calls: Array<{ opportunity: { id: number }; payment_reference: string | null }>;
    }>;
    const reference = overview.data.cash_calls.find((call) => call.opportunity.id === id)?.payment_reference;
    expect(reference).toBeTruthy();

    await phone.goto('/investor');
    const attention = phone.getByRole('region', { name: 'Needs your attention' });
    // (the demo data has another £50,000 cash call of hers: this round's is the one naming it)
    const call = attention
      .getByRole('article', { name: `Please pay £50,000.00 by ${longDay(due)}` })
      .filter({ has: phone.getByRole('link', { name }) });
    await expect(call).toBeVisible(FIRST_RENDER);
    await expect(call).toContainText('£50,000.00');
    await expect(call).toContainText(longDay(due));
    await expect(call).toContainText(`${name} Client Account`);
    await expect(call).toContainText('40-11-20');
    await expect(call).toContainText('12345678');
    await expect(call).toContainText(reference ?? '');
    for (const label of ['payment reference', 'account name', 'sort code', 'account number'])
      await expect(call.getByRole('button', { name: `Copy ${label}` })).toBeVisible();
    await call.getByRole('button', { name: 'Copy payment reference' }).click();
    expect(await phone.evaluate(() => navigator.clipboard.readText())).toBe(reference);

    // Onboarding done: no checklist asking for anything; how she is doing instead.
    await expect(phone.getByRole('region', { name: 'How you are doing' })).toBeVisible();
    await expect(phone.getByRole('region', { name: 'Your account' })).toHaveCount(0);
    await expect(phone.getByText(/steps done/)).toHaveCount(0);

    // No serious or critical WCAG A/AA violation with everything drawn (as accessibility.spec.ts checks).
    await phone.waitForLoadState('networkidle');
    const axe = await new AxeBuilder({ page: phone })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const blocking = axe.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    expect(blocking).toEqual([]);

    // Nothing runs off the side of a 390 px screen.
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await context.close();
  }
});

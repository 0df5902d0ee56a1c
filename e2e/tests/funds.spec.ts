import { expect, test, type Page } from '@playwright/test';
import { confirmAmount, openOpportunityFromList, startInvesting } from './support/investing';
import { attachReadingDocuments, openInvestorPortal } from './support/lifecycle';
import { daysFromNow } from './support/opportunities';
import { ADMIN, api, logIn } from './support/session';

/**
 * Issue 20, a fund from first commitment to first distribution: staff add a fund and its opportunity, the
 * investor commits through the invest flow, staff call 25% (the investor told live), record the payment, a
 * NAV and a distribution, and the investor's fund page shows TVPI and DPI that agree with the ledger. With
 * the funds feature off, nothing of it shows.
 */

const FIRST_RENDER = { timeout: 30_000 };
type Data<T> = { data: T };

const today = () => daysFromNow(0);

async function switchFunds(page: Page, on: boolean) {
  await api(page, 'PATCH', '/api/features', { enableFunds: on });
}

test('a fund raises, calls, is paid, valued and distributes; the investor sees it agree', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await logIn(page, ADMIN);
  const name = `Test Fund ${Date.now().toString(36)}`;

  // Staff add the fund through its form.
  await page.goto('/admin/funds/new-fund');
  const form = page.getByRole('form', { name: 'New fund' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Target size').fill('2000000');
  await form.getByRole('button', { name: 'Add fund' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible(FIRST_RENDER);
  const fundId = Number(/\/admin\/funds\/(\d+)\/details/.exec(page.url())?.[1]);
  expect(fundId).toBeGreaterThan(0);

  // Its opportunity: a fund opportunity is an opportunity with fund_id (the contract).
  const round = `${name}: first close`;
  const created = (await api(page, 'POST', '/api/opportunities', {
    name: round,
    company_name: name,
    fund_id: fundId,
    target_amount: '1000000',
    maximum_amount: '2000000',
    minimum_investment: '1000',
    share_price: '1',
    tax_relief: 'none',
    closing_date: daysFromNow(30),
  })) as Data<{ id: number; fund_id: number }>;
  expect(created.data.fund_id).toBe(fundId);
  await attachReadingDocuments(page, created.data.id);
  await api(page, 'POST', `/api/opportunities/${created.data.id}/transition`, { status: 2 });
  await page.reload();
  await expect(page.getByRole('link', { name: round })).toBeVisible(FIRST_RENDER);

  const portal = await openInvestorPortal(browser, 'investor@portico.test');
  const bell = portal.page.getByRole('button', { name: /^Notifications/ });
  try {
    // The investor commits £20,000 through the flow they know.
    await openOpportunityFromList(portal.page, round);
    await startInvesting(portal.page);
    const committed = await confirmAmount(portal.page, '20000.00');
    expect(committed.status, JSON.stringify(committed.body)).toBe(201);
    await api(portal.page, 'POST', '/api/notifications/user/mark-read');
    await portal.page.reload();
    await expect(bell).toHaveAccessibleName('Notifications');

    // Staff call 25% of the commitments, after a preview and a confirmation.
    await page.getByRole('link', { name: 'Transactions', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Commitments' })).toContainText('£20,000.00', FIRST_RENDER);
    await page.getByRole('button', { name: 'Call capital' }).click();
    const call = page.getByRole('dialog', { name: 'Call capital' });
    await call.getByLabel('Percentage to call').fill('25');
    await call.getByLabel('Due date').fill(daysFromNow(14));
    await call.getByRole('button', { name: 'Review call' }).click();
    await expect(call.getByText('Call £5,000.00 from 1 investor?')).toBeVisible();
    await call.getByRole('button', { name: 'Call capital' }).click();
    await expect(call).toBeHidden();
    await expect(page.getByRole('region', { name: 'Capital calls' })).toContainText('£5,000.00');

    // The investor hears of it live.
    await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/, { timeout: 20_000 });
    await bell.click();
    await expect(
      portal.page
        .getByRole('dialog', { name: 'Notifications' })
        .getByText(/Capital call: please pay £5,000\.00/),
    ).toBeVisible();

    // Staff record the payment against the commitment.
    await page.getByRole('button', { name: /^Record payment from / }).click();
    const pay = page.getByRole('dialog', { name: 'Record a payment' });
    await pay.getByLabel(/Amount received/).fill('5000.00');
    await pay.getByLabel('Reference').fill('FPS FUND 1');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expect(pay).toBeHidden();

    // A NAV on the fund's details, then a distribution.
    await page.getByRole('link', { name: 'Details', exact: true }).click();
    await page.getByRole('button', { name: 'Record NAV' }).click();
    const nav = page.getByRole('dialog', { name: 'Record NAV' });
    await nav.getByLabel('Date').fill(today());
    await nav.getByLabel('Net asset value').fill('6000');
    await nav.getByRole('button', { name: 'Record NAV' }).click();
    await expect(nav).toBeHidden();
    await page.getByRole('link', { name: 'Transactions', exact: true }).click();
    await page.getByRole('button', { name: 'Record distribution' }).click();
    const distribution = page.getByRole('dialog', { name: 'Record a distribution' });
    await distribution.getByLabel('Amount').fill('500');
    await distribution.getByLabel('Date').fill(today());
    await distribution.getByRole('button', { name: 'Record distribution' }).click();
    await expect(distribution).toBeHidden();
    await expect(page.getByRole('region', { name: 'Distributions and fees' })).toContainText('£500.00');

    // The investor's fund page agrees with the ledger: paid in 5,000, distributed 500, value 6,000.
    await portal.page.goto('/investor/portfolio');
    await portal.page.getByRole('link', { name }).click();
    await expect(portal.page.getByRole('heading', { level: 1, name })).toBeVisible(FIRST_RENDER);
    const card = (label: string) =>
      portal.page
        .locator('dl', { has: portal.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
        .locator('dd');
    await expect(card('Paid in')).toHaveText('£5,000.00');
    await expect(card('Distributed')).toHaveText('£500.00');
    await expect(card('Current value')).toHaveText('£6,000.00');
    await expect(card('DPI')).toHaveText('0.10×');
    await expect(card('TVPI')).toHaveText('1.30×');
    const ledger = (await api(portal.page, 'GET', `/api/portfolio/funds/${fundId}`)) as Data<{
      measures: { paid_in: string; distributed: string; dpi: string; tvpi: string };
    }>;
    expect(ledger.data.measures).toMatchObject({
      paid_in: '5000.00',
      distributed: '500.00',
      dpi: '0.10',
      tvpi: '1.30',
    });

    // The funds feature off: no Funds menu, no fund opportunity, no fund holding.
    await switchFunds(page, false);
    try {
      await page.goto('/admin');
      await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible(FIRST_RENDER);
      await expect(page.getByRole('link', { name: 'Funds', exact: true })).toHaveCount(0);
      await portal.page.goto('/investor/portfolio');
      await expect(portal.page.getByRole('heading', { level: 1, name: /Portfolio/ })).toBeVisible(
        FIRST_RENDER,
      );
      await expect(portal.page.getByRole('link', { name })).toHaveCount(0);
      const offered = (await api(portal.page, 'GET', '/api/opportunities?per_page=100')) as Data<
        Array<{ name: string }>
      >;
      expect(offered.data.map((row) => row.name)).not.toContain(round);
      const staffList = (await api(page, 'GET', '/api/opportunities?per_page=100')) as Data<
        Array<{ name: string }>
      >;
      expect(staffList.data.map((row) => row.name)).not.toContain(round);
    } finally {
      await switchFunds(page, true);
    }
  } finally {
    await portal.context.close();
  }
});

import { expect, test, type Page } from '@playwright/test';
import { advanceServerClock } from './support/appropriateness';
import {
  confirmAmount,
  expectReservedAllocation,
  openOpportunityFromList,
  startInvesting,
} from './support/investing';
import { attachReadingDocuments, openInvestorPortal, transitionTo } from './support/lifecycle';
import { daysFromNow } from './support/opportunities';
import { ADMIN, api, DEMO_PASSWORD } from './support/session';

/**
 * Issue 11, the money behind a round: the Transactions tab of a demo round; then the whole journey on a
 * round of its own: the investor reserves through the three steps, staff issue a cash call (the investor
 * told live), record the payment and complete the round (refused while another commitment is unpaid,
 * allowed once staff cancel it), and the holding stands in the investor's portfolio with its value,
 * multiple and IRR. Lane B (its server's clock may move): two days pass before the portfolio is read.
 */

const FIRST_RENDER = { timeout: 30_000 };

type Data<T> = { data: T };

async function opportunityBySlug(page: Page, slug: string) {
  const list = (await api(page, 'GET', `/api/opportunities?filter[slug]=${slug}`)) as Data<
    Array<{ id: number; name: string }>
  >;
  const found = list.data[0];
  if (!found) throw new Error(`no demo opportunity ${slug}`);
  return found;
}

async function userByEmail(page: Page, email: string) {
  const list = (await api(page, 'GET', `/api/investors?filter[search]=${encodeURIComponent(email)}`)) as Data<
    Array<{ id: number; email: string }>
  >;
  const found = list.data.find((row) => row.email === email);
  if (!found) throw new Error(`no investor ${email}`);
  return found;
}

/** Signs in through the login page; the first sign-in on a cold server may take a while. */
async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 60_000 });
}

const investmentsTable = (page: Page) => page.getByRole('table', { name: 'Investments' });
const rowOf = (page: Page, name: string) => investmentsTable(page).getByRole('row').filter({ hasText: name });

test('a demo round’s Transactions show each commitment, its money and where investors pay', async ({
  page,
}) => {
  await logIn(page, ADMIN);
  const round = await opportunityBySlug(page, 'kinfolk-health-seed');
  await page.goto(`/admin/investments/opportunities/${round.id}/transactions`);
  await expect(page.getByRole('link', { name: 'Transactions', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
    FIRST_RENDER,
  );
  await expect(investmentsTable(page).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByLabel('Totals').getByText('Committed')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Where investors pay' })).toContainText('Client Account');
  await page.getByRole('combobox', { name: 'State' }).click();
  // staff words for the states, not the investor's allocation labels (decision 019)
  await page.getByRole('option', { name: 'Called', exact: true }).click();
  await expect(investmentsTable(page).getByText('Called', { exact: true }).first()).toBeVisible();
  await expect(investmentsTable(page).getByText('Reserved', { exact: true })).toHaveCount(0);
  await expect(investmentsTable(page).getByText('My Reserved Allocations')).toHaveCount(0);
});

test('an investor reserves, is called, pays; staff complete the round and the holding is in the portfolio', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await logIn(page, ADMIN);
  const name = `Cash Call Test ${Date.now().toString(36)}`;
  const created = (await api(page, 'POST', '/api/opportunities', {
    name,
    company_name: `${name} Ltd`,
    target_amount: '20000',
    maximum_amount: '50000',
    minimum_investment: '1000',
    share_price: '1.25',
    tax_relief: 'eis',
    closing_date: daysFromNow(30),
  })) as Data<{ id: number }>;
  const id = created.data.id;
  await attachReadingDocuments(page, id);
  await api(page, 'POST', `/api/opportunities/${id}/transition`, { status: 2 });
  const olivia = await userByEmail(page, 'investor@portico.test');
  // The other commitment: a second demo investor's, recorded by staff.
  const others = (await api(page, 'GET', '/api/investors?per_page=20')) as Data<
    Array<{ id: number; email: string; name: string }>
  >;
  const other = others.data.find(
    (row) => row.email !== 'investor@portico.test' && row.email !== 'investor2@portico.test',
  );
  if (!other) throw new Error('no second demo investor');
  await api(page, 'POST', `/api/opportunities/${id}/investments`, {
    user_id: other.id,
    type: 'manual',
    holding: { type: 'self' },
    amount: '2500',
    invested_on: daysFromNow(0),
  });

  const portal = await openInvestorPortal(browser, 'investor@portico.test');
  const bell = portal.page.getByRole('button', { name: /^Notifications/ });
  try {
    // Olivia (ready, and she has invested before) reserves £5,000 through the three steps: 4,000 shares.
    await openOpportunityFromList(portal.page, name);
    await startInvesting(portal.page);
    const reserved = await confirmAmount(portal.page, '5000.00');
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(201);
    await expectReservedAllocation(portal.page, name, '4,000', '£5,000.00');
    // Her confirmation read, the cash call's notification has to arrive live.
    await api(portal.page, 'POST', '/api/notifications/user/mark-read');
    await portal.page.reload();
    await expect(bell).toHaveAccessibleName('Notifications');

    await page.goto(`/admin/investments/opportunities/${id}/transactions`);
    await expect(rowOf(page, other.name)).toBeVisible(FIRST_RENDER);

    // Where investors pay, then a cash call to Olivia's reserved investment only.
    const bank = page.getByRole('region', { name: 'Where investors pay' });
    await bank.getByRole('button', { name: 'Edit bank details' }).click();
    const bankDialog = page.getByRole('dialog', { name: 'Where investors pay' });
    await bankDialog.getByLabel('Account name').fill(`${name} Client Account`);
    await bankDialog.getByLabel('Sort code').fill('40-11-20');
    await bankDialog.getByLabel('Account number').fill('12345678');
    await bankDialog.getByRole('button', { name: 'Save' }).click();
    await expect(bankDialog).toBeHidden();
    await expect(bank).toContainText('40-11-20');

    await page.getByRole('button', { name: 'Issue cash call' }).click();
    const call = page.getByRole('dialog', { name: 'Issue a cash call' });
    await call.getByRole('checkbox', { name: new RegExp(`^${other.name}`) }).uncheck();
    await call.getByLabel('Due date').fill(daysFromNow(14));
    await call.getByRole('button', { name: 'Issue cash call' }).click();
    await expect(call).toBeHidden();
    await expect(rowOf(page, 'investor@portico.test')).toContainText('Called');
    await expect(rowOf(page, other.name)).toContainText('Reserved');

    // The investor hears of it live.
    await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/, { timeout: 20_000 });
    await bell.click();
    await expect(
      portal.page
        .getByRole('dialog', { name: 'Notifications' })
        .getByText(/Cash Call - Awaiting Payment: please pay £5,000\.00/),
    ).toBeVisible();

    // Payment received in full.
    await rowOf(page, 'investor@portico.test')
      .getByRole('button', { name: /^Actions for/ })
      .click();
    await page.getByRole('menuitem', { name: 'Book payment' }).click();
    const pay = page.getByRole('dialog', { name: 'Record a payment' });
    await expect(pay.getByLabel('Amount received (£)')).toHaveValue('5000.00');
    await pay.getByLabel('Reference').fill('FPS 0001');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expect(pay).toBeHidden();
    await expect(rowOf(page, 'investor@portico.test')).toContainText('Paid');

    // Closed, then completion is refused while the other commitment is unpaid.
    await transitionTo(page, 'Closed');
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.getByRole('menuitem', { name: 'Completed', exact: true }).click();
    const move = page.getByRole('dialog', { name: /to Completed\?$/ });
    await move.getByRole('button', { name: 'Move to Completed' }).click();
    await expect(move.getByRole('alert')).toContainText(
      `1 commitment is unpaid (${other.name} £2,500.00): record their payments or cancel them`,
    );
    await move.getByRole('button', { name: 'Cancel' }).click();
    // A move opens the opportunity's details: back to its Transactions.
    await page.getByRole('link', { name: 'Transactions', exact: true }).click();

    // Staff decide: the unpaid commitment is cancelled, then the round completes.
    await rowOf(page, other.name)
      .getByRole('button', { name: /^Actions for/ })
      .click();
    await page.getByRole('menuitem', { name: 'Cancel investment' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel the investment' });
    await cancel.getByLabel('Reason').fill('Did not pay by the closing date.');
    await cancel.getByRole('button', { name: 'Cancel investment' }).click();
    await expect(cancel).toBeHidden();
    await expect(rowOf(page, other.name)).toContainText('Cancelled');
    await transitionTo(page, 'Completed');
    await expect(page).toHaveURL(new RegExp(`/admin/investments/existing/${id}/details`));

    const mine = (await api(page, 'GET', `/api/investors/${olivia.id}/investments`)) as Data<
      Array<{ opportunity: { id: number }; status: string; shares: string }>
    >;
    expect(mine.data.find((row) => row.opportunity.id === id)).toMatchObject({
      status: 'completed',
      shares: '4000.000000',
    });

    // Two days on, the holding stands in her portfolio at the round's price: £5,000 for £5,000 invested,
    // a multiple of 1.00× and an IRR of 0.0% (XIRR over her dated allotment and today's value).
    await advanceServerClock(page, 2 * 24 * 3600);
    await portal.page.goto('/investor/portfolio');
    const holding = portal.page
      .getByRole('table', { name: 'Holdings' })
      .getByRole('row')
      .filter({ hasText: `${name} Ltd` });
    await expect(holding).toContainText('£5,000.00');
    await expect(holding).toContainText('1.00×');
    await expect(holding).toContainText('0.0%');
    await holding.getByRole('link', { name: `${name} Ltd` }).click();
    await expect(portal.page.getByRole('heading', { level: 1, name: `${name} Ltd` })).toBeVisible();
    await expect(portal.page.getByRole('cell', { name: 'Allotment' })).toBeVisible();
  } finally {
    await portal.context.close();
  }
});

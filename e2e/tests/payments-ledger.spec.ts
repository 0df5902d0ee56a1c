import { expect, test, type Page } from '@playwright/test';
import { attachReadingDocuments, openInvestorPortal } from './support/lifecycle';
import { daysFromNow } from './support/opportunities';
import { ADMIN, api, DEMO_PASSWORD } from './support/session';

/**
 * Issue 18, payments as a ledger (decision 019): staff book a bank line, book it again by mistake and see
 * it refused, book an over-payment and refund the excess from the investment's ledger; the investor's
 * figures (what they still owe, what was received) stay right throughout.
 */

const FIRST_RENDER = { timeout: 30_000 };
type Data<T> = { data: T };
type Mine = { id: number; status: string; amount: string; paid_amount: string };

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 60_000 });
}

const investmentsTable = (page: Page) => page.getByRole('table', { name: 'Investments' });
const rowOf = (page: Page, text: string) => investmentsTable(page).getByRole('row').filter({ hasText: text });

test('a bank line is booked once; an over-payment is held unallocated and refunded; the investor’s figures stay right', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await logIn(page, ADMIN);
  const name = `Ledger Test ${Date.now().toString(36)}`;
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
  const investors = (await api(page, 'GET', '/api/investors?filter[search]=investor%40portico.test')) as Data<
    Array<{ id: number; email: string; name: string }>
  >;
  const olivia = investors.data.find((row) => row.email === 'investor@portico.test');
  if (!olivia) throw new Error('no demo investor');
  // A manual investment of hers (shown in her portal), called: £2,500 for 2,000 shares.
  const manual = (await api(page, 'POST', `/api/opportunities/${id}/investments`, {
    user_id: olivia.id,
    type: 'manual',
    holding: { type: 'self' },
    amount: '2500',
    invested_on: daysFromNow(0),
  })) as Data<{ id: number; payment_reference: string }>;
  await api(page, 'POST', `/api/opportunities/${id}/cash-calls`, {
    investment_ids: [manual.data.id],
    due_date: daysFromNow(14),
  });

  const portal = await openInvestorPortal(browser, 'investor@portico.test');
  const hers = async () =>
    ((await api(portal.page, 'GET', '/api/profile/investments')) as Data<Mine[]>).data.find(
      (row) => row.id === manual.data.id,
    );
  const paymentDetails = () =>
    portal.page
      .getByRole('listitem')
      .filter({ hasText: name })
      .getByRole('region', { name: 'Payment details' });
  try {
    await page.goto(`/admin/investments/opportunities/${id}/transactions`);
    const row = rowOf(page, manual.data.payment_reference);
    await expect(row).toContainText('Called', FIRST_RENDER);

    const book = async (amount: string, reference: string) => {
      await row.getByRole('button', { name: /^Actions for/ }).click();
      await page.getByRole('menuitem', { name: 'Book payment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Record a payment' });
      await dialog.getByLabel('Amount received (£)').fill(amount);
      await dialog.getByLabel('Reference').fill(reference);
      return dialog;
    };

    // £1,000 of the £2,500 arrives.
    const first = await book('1000', 'FPS 100');
    await first.getByRole('button', { name: 'Record payment' }).click();
    await expect(first).toBeHidden();
    await expect(row).toContainText('£1,000.00');
    await portal.page.goto('/investor/investments');
    await expect(paymentDetails()).toContainText('Please pay £1,500.00', FIRST_RENDER);
    await expect(paymentDetails()).toContainText('£1,000.00');
    expect(await hers()).toMatchObject({ status: 'awaiting_payment', paid_amount: '1000.00' });

    // The same bank line booked again by mistake: refused, nothing booked.
    const twice = await book('1000', 'FPS 100');
    await twice.getByRole('button', { name: 'Record payment' }).click();
    await expect(
      twice.getByText(/This payment reference is already booked on this investment/),
    ).toBeVisible();
    await twice.getByRole('button', { name: 'Cancel' }).click();
    await expect(twice).toBeHidden();
    expect(await hers()).toMatchObject({ status: 'awaiting_payment', paid_amount: '1000.00' });
    await portal.page.reload();
    await expect(paymentDetails()).toContainText('Please pay £1,500.00', FIRST_RENDER);

    // An over-payment: £2,000 where £1,500 is due. Booked, the excess held unallocated.
    const over = await book('2000', 'FPS 101');
    await expect(over.getByText(/£500\.00 is more than is due: it will be held/)).toBeVisible();
    await over.getByRole('button', { name: 'Record payment' }).click();
    await expect(over).toBeHidden();
    await expect(row).toContainText('Paid');
    expect(await hers()).toMatchObject({ status: 'paid', paid_amount: '2500.00' });

    // The ledger shows every entry and the unallocated money; staff refund the excess.
    await row.getByRole('button', { name: /^Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Money and ledger' }).click();
    const ledger = page.getByRole('dialog', { name: 'Money and ledger' });
    const entries = ledger.getByRole('table', { name: 'Ledger entries' });
    await expect(entries.getByRole('row')).toHaveCount(3);
    await expect(entries).toContainText('FPS 100');
    await expect(entries).toContainText('£500.00 held unallocated');
    await expect(ledger).toContainText('£500.00 of');
    await ledger.getByRole('button', { name: 'Refund unallocated money' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund unallocated money' });
    await expect(refund.getByLabel('Amount')).toHaveValue('500.00');
    await refund.getByLabel('Reference').fill('RTN 101');
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await expect(refund).toBeHidden();
    await expect(entries.getByRole('row')).toHaveCount(4);
    await expect(entries).toContainText('Refund of unallocated money');
    await expect(ledger.getByText('Unallocated money', { exact: true })).toBeHidden();

    // Her figures: paid in full, nothing left to pay, the excess returned.
    expect(await hers()).toMatchObject({ status: 'paid', amount: '2500.00', paid_amount: '2500.00' });
    await portal.page.reload();
    await expect(portal.page.getByRole('listitem').filter({ hasText: name }).first()).toBeVisible(
      FIRST_RENDER,
    );
    await expect(paymentDetails()).toHaveCount(0);
  } finally {
    await portal.context.close();
  }
});

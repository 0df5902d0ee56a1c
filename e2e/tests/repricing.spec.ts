import { expect, test } from '@playwright/test';
import { attachReadingDocuments } from './support/lifecycle';
import { daysFromNow } from './support/opportunities';
import { ADMIN, api, logIn } from './support/session';

/**
 * Issue 18, terms that cannot move under a commitment (decision 021): once a round has investments its
 * share price is refused on Edit details and moves only by Re-price, whose dialog shows each investment's
 * whole shares and amount at the new price before staff confirm; the round's investments then hold them.
 */

const FIRST_RENDER = { timeout: 30_000 };
type Data<T> = { data: T };

test('staff re-price a live round: the price is refused on Edit details, the dialog previews, every investment follows', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page, ADMIN);
  const name = `Re-price Test ${Date.now().toString(36)}`;
  const created = (await api(page, 'POST', '/api/opportunities', {
    name,
    company_name: `${name} Ltd`,
    target_amount: '20000',
    maximum_amount: '50000',
    minimum_investment: '500',
    share_price: '1.25',
    tax_relief: 'eis',
    closing_date: daysFromNow(30),
  })) as Data<{ id: number }>;
  const id = created.data.id;
  await attachReadingDocuments(page, id);
  await api(page, 'POST', `/api/opportunities/${id}/transition`, { status: 2 });
  const investors = (await api(page, 'GET', '/api/investors?per_page=20')) as Data<
    Array<{ id: number; name: string }>
  >;
  const [first, second] = investors.data;
  if (!first || !second) throw new Error('two demo investors are needed');
  for (const [investor, amount] of [
    [first, '2500'],
    [second, '1000'],
  ] as const)
    await api(page, 'POST', `/api/opportunities/${id}/investments`, {
      user_id: investor.id,
      type: 'manual',
      holding: { type: 'self' },
      amount,
      invested_on: daysFromNow(0),
    });

  await page.goto(`/admin/investments/opportunities/${id}/details`);
  await page.getByRole('button', { name: 'Edit details' }).click(FIRST_RENDER);
  const form = page.getByRole('form', { name: 'Opportunity details' });
  const sharePrice = form.getByRole('textbox', { name: 'Share price' });
  await sharePrice.fill('1.50');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(sharePrice).toHaveAccessibleDescription(
    /Investments have been made in this round at £1\.25 a share.*Re-price/,
  );
  await page.getByRole('button', { name: 'Close details' }).click();

  await page.getByRole('button', { name: 'Re-price' }).click();
  const dialog = page.getByRole('dialog', { name: `Re-price ${name}` });
  await dialog.getByRole('textbox', { name: 'New share price' }).fill('1.50');
  const table = dialog.getByRole('table', { name: 'Each investment at the new price' });
  // £2,500 buys 1,666 whole shares at £1.50 (£2,499.00); £1,000 buys 666 (£999.00)
  await expect(table.getByRole('row').filter({ hasText: first.name })).toContainText('1,666£2,499.00');
  await expect(table.getByRole('row').filter({ hasText: second.name })).toContainText('666£999.00');
  await expect(dialog.getByText(/Committed: £3,500\.00 now, £3,498\.00 at £1\.50 a share/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The lead investor agreed a higher valuation.');
  await dialog.getByRole('button', { name: 'Re-price 2 investments' }).click();
  await expect(page.getByText(/is now £1\.50 a share; 2 investments recomputed/)).toBeVisible();
  await expect(dialog).toBeHidden();

  const round = (await api(page, 'GET', `/api/opportunities/${id}`)) as Data<{
    share_price: string;
    committed_amount: string;
  }>;
  expect(round.data).toMatchObject({ share_price: '1.500000', committed_amount: '3498.00' });
  const history = (await api(page, 'GET', `/api/opportunities/${id}/repricings`)) as Data<
    Array<{ reason: string; investments: Array<{ shares_after: string; amount_after: string }> }>
  >;
  expect(history.data[0]?.reason).toBe('The lead investor agreed a higher valuation.');
  expect(history.data[0]?.investments.map((line) => [line.shares_after, line.amount_after])).toEqual([
    ['1666.000000', '2499.00'],
    ['666.000000', '999.00'],
  ]);
});

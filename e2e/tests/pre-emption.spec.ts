import { expect, test } from '@playwright/test';
import { amountField, confirmAmount } from './support/investing';
import { ADMIN, api, logIn } from './support/session';

const INVESTOR = 'investor@portico.test';
const ROUND = 'Harbour Lane Coffee – Series A';

/**
 * Pre-emption (issue 11, decision 015): the demo's Harbour Lane Coffee raises again. Staff see its holders
 * with their entitlements and choices; the demo investor, a holder, chooses Maintain and reserves their
 * entitlement through the normal invest flow, the amount filled in.
 */
test.describe('pre-emption on a new round', () => {
  test('staff see the holders; the investor maintains and reserves their entitlement', async ({
    page,
    browser,
  }) => {
    // Staff: the round's Pre-emption tab.
    const staff = await browser.newContext();
    const admin = await staff.newPage();
    await logIn(admin, ADMIN);
    const { data } = (await api(
      admin,
      'GET',
      '/api/opportunities?filter[slug]=harbour-lane-coffee-series-a',
    )) as {
      data: Array<{ id: number }>;
    };
    const roundId = data[0]?.id;
    expect(roundId).toBeDefined();
    await admin.goto(`/admin/investments/opportunities/${String(roundId)}/pre-emption`);
    const holders = admin.getByRole('table', { name: 'Holders', exact: true });
    await expect(holders).toBeVisible();
    await expect(holders.getByRole('row')).not.toHaveCount(1);
    await expect(holders).toContainText('Awaiting');
    await expect(holders).toContainText('Maintain');
    await expect(holders).toContainText('Don’t take');
    await expect(admin.getByRole('link', { name: 'Harbour Lane Coffee', exact: true })).toBeVisible();
    await staff.close();

    // The investor: their right above the cards, then the panel on the round's page.
    await logIn(page, INVESTOR);
    await page.goto('/investor/investments');
    const rights = page.getByRole('region', { name: 'Your pre-emption rights' });
    await expect(rights).toContainText('Awaiting');
    await rights.getByRole('link', { name: ROUND }).click();
    const panel = page.getByRole('region', { name: 'Your pre-emption right' });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('Your entitlement');
    await panel.getByRole('radio', { name: /Maintain/ }).check();
    await panel.getByRole('button', { name: 'Save my choice' }).click();
    const reserve = panel.getByRole('link', { name: /^Reserve £/ });
    await expect(reserve).toBeVisible();
    await expect(panel).toContainText('Maintain');

    // The normal invest flow, the entitlement filled in.
    await reserve.click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'How will you hold this investment?' }),
    ).toBeVisible();
    await page.getByRole('radio', { name: /In my own name/ }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    const amount = await amountField(page).inputValue();
    expect(amount).toMatch(/^\d+\.\d\d$/);
    const answer = await confirmAmount(page, amount);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    await expect(page).toHaveURL(/\/investor\/investments\?reserved=\d+$/);
    const allocations = page.getByRole('region', { name: 'My Reserved Allocations' });
    await expect(allocations.getByRole('listitem').filter({ hasText: ROUND })).toBeVisible();
  });
});

import { expect, test } from '@playwright/test';
import { advanceServerClock } from './support/appropriateness';
import {
  addMoney,
  confirmAmount,
  expectAmountRefused,
  expectReservedAllocation,
  investingFigures,
  LIVE_EXTERNAL,
  openOpportunityFromList,
  registerReadyInvestor,
  startInvesting,
} from './support/investing';
import { logIn } from './support/session';

const DAY_AND_A_MINUTE = 24 * 3600 + 60;

/**
 * Issue 11, done when: an investor invests through the three steps (the opportunity, how it is held, how
 * much) and the commitment shows under My Reserved Allocations; amounts below the minimum or above what
 * remains are refused with the server's reason on the field; a first-time investor meets the personalised
 * warning and the 24-hour cooling-off (moved by the server's test clock, never the browser's).
 */
test.describe('the investing journey', () => {
  test('an investor who has invested before reserves an allocation through the three steps', async ({
    page,
  }) => {
    await logIn(page, 'investor@portico.test');
    const figures = await investingFigures(page, LIVE_EXTERNAL.slug);
    expect(figures.share_price).toMatch(/^0\.4/);

    await openOpportunityFromList(page, LIVE_EXTERNAL.name);
    // Invested before: no first-investment warning, no cooling-off.
    await expect(page.getByRole('region', { name: 'Before your first investment' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Risk warning' })).toBeVisible();
    await startInvesting(page);

    // £1,000.30 at £0.40 buys 2,500 whole shares: £1,000 is reserved.
    await page.getByRole('textbox', { name: /Amount to invest/ }).fill('1000.30');
    await expect(
      page.getByText('2,500 shares at £0.40: £1,000.00 (rounded down to whole shares).'),
    ).toBeVisible();
    const answer = await confirmAmount(page, '1000.30');
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data).toMatchObject({ amount: '1000.00', shares: '2500.000000', status: 'reserved' });
    await expectReservedAllocation(page, LIVE_EXTERNAL.name, '2,500', '£1,000.00');
  });

  test('an amount below the minimum, and one above what remains, are refused with the server’s reason', async ({
    page,
  }) => {
    await logIn(page, 'investor@portico.test');
    await page.goto(`/investor/investments/${LIVE_EXTERNAL.slug}`);
    await startInvesting(page);
    const figures = await investingFigures(page, LIVE_EXTERNAL.slug);

    const below = await expectAmountRefused(page, await confirmAmount(page, '100.00'));
    expect(below).toMatch(/minimum/i);

    expect(figures.remaining_amount).not.toBeNull();
    const tooMuch = addMoney(figures.remaining_amount ?? '0', '100.00');
    const above = await expectAmountRefused(page, await confirmAmount(page, tooMuch));
    expect(above).toMatch(/remain/i);

    // Nothing was reserved by either refusal.
    await page.goto('/investor/investments');
    const section = page.getByRole('region', { name: 'My Reserved Allocations' });
    await expect(section).toBeVisible();
    await expect(section.getByText('£100.00', { exact: true })).toHaveCount(0);
  });

  test('a first-time investor sees the personalised warning, waits out the cooling-off, then invests', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    await registerReadyInvestor(page, browser, 'Fiona Firsttime');

    await openOpportunityFromList(page, LIVE_EXTERNAL.name);
    const warning = page.getByRole('region', { name: 'Before your first investment' });
    await expect(warning).toContainText('Fiona, this is a high-risk investment.');
    await warning.getByRole('button', { name: 'I understand' }).click();
    await expect(warning).toContainText('You acknowledged this warning');
    // The cooling-off counts down from the server's figure; the invest step is not offered yet.
    await expect(page.getByRole('timer')).toContainText(/Time left: 2[34] h/);
    await expect(page.getByRole('link', { name: 'Reserve An Allocation' })).toHaveCount(0);
    // Opened directly, the step explains why instead.
    await page.goto(`/investor/investments/${LIVE_EXTERNAL.slug}/invest`);
    await expect(page.getByRole('region', { name: 'Before you can invest' })).toBeVisible();

    // Seeing the page again does not restart the cooling-off; a day later it is over.
    await advanceServerClock(page, DAY_AND_A_MINUTE);
    await page.goto(`/investor/investments/${LIVE_EXTERNAL.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: LIVE_EXTERNAL.name })).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
    await startInvesting(page);
    const answer = await confirmAmount(page, '600.00');
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    await expectReservedAllocation(page, LIVE_EXTERNAL.name, '1,500', '£600.00');
  });
});

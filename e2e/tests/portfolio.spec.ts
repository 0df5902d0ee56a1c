import { expect, test, type Page } from '@playwright/test';
import { ADMIN, api, logIn } from './support/session';

const INVESTOR = 'investor@portico.test';

type Holding = { opportunity_id: number; slug: string; value: string };

/** The investor's holding in the demo's Harbour Lane Coffee, through the API. */
async function harbourLane(page: Page): Promise<Holding> {
  const { data } = (await api(page, 'GET', '/api/portfolio')) as { data: { holdings: Holding[] } };
  const holding = data.holdings.find((row) => row.slug === 'harbour-lane-coffee');
  if (!holding) throw new Error('the demo investor holds no Harbour Lane Coffee');
  return holding;
}

/** "26800.00" → "£26,800.00", "10.5" → "£10.50": as the portal writes money. */
function pounds(value: string) {
  const [whole = '0', pence = '00'] = value.split('.');
  return `£${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${pence.padEnd(2, '0').slice(0, 2)}`;
}

const figure = (page: Page, label: string) =>
  page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd');

test.describe('the investor’s portfolio', () => {
  test('shows totals and holdings with value, multiple and IRR; a staff valuation changes the value', async ({
    page,
    browser,
  }) => {
    await logIn(page, INVESTOR);
    await page
      .getByRole('navigation', { name: 'Investor navigation' })
      .getByRole('link', { name: 'Portfolio' })
      .click();
    await expect(page).toHaveURL(/\/investor\/portfolio$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();

    // totals as the API answers them: the demo's three holdings (£26,800 invested), and any round an
    // earlier spec completed for this investor
    const { data: mine } = (await api(page, 'GET', '/api/portfolio')) as {
      data: { holdings: Holding[]; totals: { invested: string } };
    };
    expect(mine.holdings.length).toBeGreaterThanOrEqual(3);
    await expect(figure(page, 'Invested')).toHaveText(pounds(mine.totals.invested));
    await expect(figure(page, 'Multiple')).toHaveText(/^\d+\.\d{2}×$/);
    await expect(figure(page, 'IRR')).toHaveText(/%$/);
    const table = page.getByRole('table', { name: 'Holdings' });
    await expect(table.getByRole('row')).toHaveCount(mine.holdings.length + 1);
    await expect(page.getByRole('region', { name: 'Value over time' })).toBeVisible();

    // one holding: Harbour Lane, 5,000 shares at £1.45
    await table.getByRole('link', { name: 'Harbour Lane Coffee Roasters Ltd' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Harbour Lane Coffee Roasters Ltd' }),
    ).toBeVisible();
    await expect(figure(page, 'Current value')).toHaveText('£7,250.00');
    await expect(figure(page, 'Multiple')).toHaveText('1.23×');
    // held under twelve months (its money came in about 170 days ago): the return to date, not an IRR
    await expect(figure(page, 'Return to date')).toHaveText(/^−?\d[\d,]*\.\d%$/);
    const transactions = page.getByRole('table', { name: 'Transactions' });
    await expect(transactions.getByRole('cell', { name: 'Allotment' })).toBeVisible();
    await expect(transactions.getByRole('cell', { name: 'Dividend' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Investment memorandum.pdf' })).toBeVisible();

    // staff enter a valuation today: £2.00 a share
    const { opportunity_id: id } = await harbourLane(page);
    const staff = await browser.newContext();
    const admin = await staff.newPage();
    try {
      await logIn(admin, ADMIN);
      await admin.goto(`/admin/investments/existing/${id}/details/performance`);
      await expect(admin.getByRole('table', { name: 'Share prices' })).toBeVisible();
      await admin.getByRole('button', { name: 'Add share price' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Add share price' });
      const today = new Date().toISOString().slice(0, 10);
      await dialog.getByLabel('Date').fill(today);
      await dialog.getByLabel('Price per share').fill('2.00');
      await dialog.getByRole('button', { name: 'Add price' }).click();
      await expect(dialog).toBeHidden();
      await expect(admin.getByRole('table', { name: 'Share prices' }).getByRole('row').nth(1)).toContainText(
        '£2.00',
      );
    } finally {
      await staff.close();
    }

    // the investor's value follows: 5,000 × £2.00
    await page.reload();
    await expect(figure(page, 'Current value')).toHaveText('£10,000.00');
    expect((await harbourLane(page)).value).toBe('10000.00');
  });

  test('the Investment Manager sees Key Information only on an existing investment', async ({ page }) => {
    await logIn(page, 'manager@portico.test');
    const list = (await api(page, 'GET', '/api/opportunities?filter[status]=5&per_page=5')) as {
      data: { id: number; name: string }[];
    };
    const existing = list.data[0];
    if (!existing) throw new Error('no completed demo opportunity');
    await page.goto(`/admin/investments/existing/${existing.id}/details`);
    await expect(page.getByRole('heading', { level: 1, name: existing.name })).toBeVisible();
    for (const tab of ['Performance', 'Transactions', 'Cap Table', 'Cap Table Performance'])
      await expect(page.getByRole('link', { name: tab, exact: true })).toHaveCount(0);
    await page.goto(`/admin/investments/existing/${existing.id}/details/performance`);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    const cookies = await page.context().cookies();
    const xsrf = decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
    const response = await page.request.get(`/api/existing-investments/${existing.id}/cap-table`, {
      headers: { 'x-xsrf-token': xsrf, accept: 'application/json' },
    });
    expect(response.status()).toBe(403);
  });
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, api, logIn } from './support/session';

/*
 * A real cap table, and pre-emption from it (issue 18, decision 020). Staff complete the cap table of the
 * demo's Fenwick Medical Devices (its platform investors, founders, a syndicate and the option pool are seeded)
 * by hand and by import, then raise a follow-on round: each holder, on and off the platform, is offered
 * their percentage of the company — the round's maximum × their shares ÷ all issued shares carrying
 * pre-emption, in whole shares at the round's price, rounded down.
 */

const MAXIMUM = 200_000n; // £200,000.00
const PRICE_PENCE = 200n; // £2.00 a share
const stamp = Date.now().toString(36);
const FOUNDER = `Fiona Fenwick ${stamp}`;
const ANGEL = `Medtech Angels ${stamp}`;

/** "1,234,567" → 1234567n (whole shares as the tables show them). */
const wholeShares = (text: string) => BigInt(text.replace(/[^\d]/g, '') || '0');
const pounds = (pence: bigint) =>
  `£${(pence / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${(pence % 100n).toString().padStart(2, '0')}`;

/** Each row of a table as its cells' texts, keyed by the row's first cell. */
async function rowsOf(table: Locator) {
  const rows = new Map<string, string[]>();
  for (const row of await table.locator('tbody tr').all()) {
    const cells = (await row.locator('th, td').allInnerTexts()).map((text) => text.trim());
    if (cells[0]) rows.set(cells[0], cells);
  }
  return rows;
}

async function fenwick(page: Page) {
  const { data } = (await api(page, 'GET', '/api/opportunities?filter[slug]=fenwick-medical-devices')) as {
    data: Array<{ id: number }>;
  };
  const id = data[0]?.id;
  if (!id) throw new Error('the demo has no Fenwick Medical Devices');
  return id;
}

test('staff enter the whole cap table; a new round offers each holder their percentage of the company', async ({
  page,
}) => {
  await logIn(page, ADMIN);
  const id = await fenwick(page);
  await page.goto(`/admin/investments/existing/${id}/details/cap-table`);
  const capTable = page.getByRole('table', { name: 'Cap table' });
  await expect(capTable).toBeVisible();

  // By hand: a founder the seed does not know.
  await page.getByRole('button', { name: 'Add holder' }).click();
  const add = page.getByRole('dialog', { name: 'Add holder' });
  await add.getByLabel('Holder name').fill(FOUNDER);
  await expect(add.getByLabel('Kind of holder')).toHaveValue('Founder');
  await add.getByLabel('Shares').fill('125000');
  await add.getByRole('button', { name: 'Add holder' }).click();
  await expect(add).toBeHidden();
  await expect(capTable.getByRole('row', { name: new RegExp(FOUNDER) })).toBeVisible();

  // By import: another investor in the same class, all rows or none.
  await page.getByRole('button', { name: 'Import' }).click();
  const upload = page.getByRole('dialog', { name: 'Import cap table' });
  await upload.locator('input[type="file"]').setInputFiles({
    name: 'fenwick-cap-table.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Class,Holder,Holder kind,Shares\nOrdinary,${ANGEL},investor,"40,000"\n`),
  });
  await upload.getByRole('button', { name: 'Import' }).click();
  await expect(upload).toBeHidden();
  await expect(capTable.getByRole('row', { name: new RegExp(ANGEL) })).toBeVisible();

  // Every column adds up: 100.00% of the company and fully diluted.
  const total = capTable.locator('tfoot tr');
  await expect(total).toContainText('100.00%');
  await expect(total.getByText('100.00%')).toHaveCount(2);

  // What the Cap Table shows: each holder's shares and % of the company, and the issued shares.
  const holders = await rowsOf(capTable);
  const issued = wholeShares(
    await page.getByText('Issued shares', { exact: true }).locator('xpath=following-sibling::dd').innerText(),
  );
  const ordinary = [...holders.values()].filter((cells) => cells[2] === 'Ordinary');
  expect(ordinary.length).toBeGreaterThanOrEqual(5);

  // A follow-on round: £200,000 at £2.00 a share.
  await page.goto(`/admin/investments/existing/${id}/details`);
  await page.getByRole('link', { name: 'Raise a new round' }).click();
  const form = page.getByRole('form', { name: 'New opportunity' });
  await form.getByLabel('Name', { exact: true }).fill(`Fenwick Medical Devices – Series B ${stamp}`);
  await form.getByLabel('Target raise').fill('150000');
  await form.getByLabel('Maximum raise').fill('200000');
  await form.getByLabel('Share price').fill('2');
  await form
    .getByLabel('Closing date')
    .fill(new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10));
  await form.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/admin\/investments\/opportunities\/\d+\/edit$/);
  const roundId = /opportunities\/(\d+)\/edit/.exec(page.url())?.[1];
  await page.goto(`/admin/investments/opportunities/${roundId}/pre-emption`);

  // Each holder, on the platform and off it, is offered their percentage of the company.
  const offPlatformTable = page.getByRole('table', { name: 'Holders off the platform' });
  await expect(offPlatformTable.getByRole('row', { name: new RegExp(ANGEL) })).toBeVisible();
  const platform = await rowsOf(page.getByRole('table', { name: 'Holders', exact: true }));
  const offPlatform = await rowsOf(offPlatformTable);
  expect(offPlatform.has(FOUNDER)).toBe(true);
  expect(offPlatform.has(ANGEL)).toBe(true);
  const checked = new Set<string>();
  const check = (
    name: string,
    shares: string,
    percent: string,
    entitlementShares: string,
    entitlement: string,
  ) => {
    const onCapTable = holders.get(name);
    expect(onCapTable, name).toBeDefined();
    // the Cap Table's % of the company (every issued class here carries pre-emption)
    expect(percent, name).toBe(onCapTable?.[5]);
    const held = wholeShares(shares);
    const expected = (MAXIMUM * 100n * held) / issued / PRICE_PENCE; // whole shares, rounded down
    expect(wholeShares(entitlementShares), name).toBe(expected);
    expect(entitlement, name).toBe(pounds(expected * PRICE_PENCE));
    checked.add(name);
  };
  // Holders: name, shares, %, entitlement shares, entitlement, choice…
  for (const [name, cells] of platform)
    // a holder who sold out is listed (Not applicable) but holds nothing to keep
    if (wholeShares(cells[1] ?? '') > 0n)
      check(name, cells[1] ?? '', cells[2] ?? '', cells[3] ?? '', cells[4] ?? '');
  // Off the platform: name, kind, class, shares, %, entitlement shares, entitlement
  for (const [name, cells] of offPlatform)
    check(name, cells[3] ?? '', cells[4] ?? '', cells[5] ?? '', cells[6] ?? '');
  // everyone in the company's pre-emptive class was offered their part
  expect(checked.size).toBe(ordinary.length);
  // the founder: 125,000 shares of the company's issued shares
  expect(offPlatform.get(FOUNDER)?.[3]).toBe('125,000');
});

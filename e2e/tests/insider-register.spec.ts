import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, api, logIn, registerVerifiedInvestor } from './support/session';

/*
 * Issue 21 (UK MAR art. 11 and 18, COBS 11.7, SYSC 9): staff sound three investors; one accepts and
 * answers, one declines and sees nothing of the deal, one opts out and cannot be sounded again; staff
 * export an insider list and cleanse the sounding; a PA deal goes from request to approval to execution;
 * a compliance officer finds a change of the risk-warning text and a staff member's role change in the
 * audit log. The demo has market sounding on.
 */

const FIRST_RENDER = { timeout: 30_000 };
const SUMMARY = 'Series B of £4m at a £20m pre-money valuation, led by an institutional investor.';

interface Listed {
  data: Array<{ id: number; name?: string; email?: string }>;
}

async function investorId(page: Page, email: string) {
  const found = (await api(
    page,
    'GET',
    `/api/investors?filter[search]=${encodeURIComponent(email)}`,
  )) as Listed;
  const id = found.data.find((row) => row.email === email)?.id;
  if (!id) throw new Error(`no investor ${email}`);
  return id;
}

/** An investor in a browser of their own, on the sounding's page. */
async function asInvestor(browser: Browser, email: string, soundingId: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email);
  await page.goto(`/investor/investments/market-sounding/${soundingId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Market sounding' })).toBeVisible(FIRST_RENDER);
  return { page, close: () => context.close() };
}

test('staff sound three investors, who accept, decline and opt out; the list is exported and the sounding cleansed', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // the third investor is new: registered and verified, with nothing else about them
  const newcomer = await browser.newContext();
  const third = await registerVerifiedInvestor(await newcomer.newPage(), browser, 'Nadia Sounded');
  await newcomer.close();

  await logIn(page, ADMIN);
  const deals = (await api(page, 'GET', '/api/pipeline-deals?page[size]=1&sort=-created_at')) as Listed;
  const deal = deals.data[0];
  if (!deal) throw new Error('no pipeline deal in the demo');
  const olivia = await investorId(page, 'investor@portico.test');
  const james = await investorId(page, 'investor2@portico.test');

  // Staff open the sounding from the menu's screen, the deal chosen on the deal's page link.
  await page
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name: 'Market soundings' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Market soundings' })).toBeVisible(FIRST_RENDER);
  await page.goto(`/admin/insider-register/market-soundings/create?deal_id=${deal.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'New market sounding' })).toBeVisible(
    FIRST_RENDER,
  );
  await page.getByLabel('Summary').fill(SUMMARY);
  const picker = page.getByRole('combobox', { name: 'Investors to sound' });
  for (const email of ['investor@portico.test', 'investor2@portico.test', third.email]) {
    await picker.fill(email);
    await page.getByRole('option', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) }).click();
  }
  await expect(page.getByRole('region', { name: 'Consent wording preview' })).toContainText(
    'inside information',
  );
  await page.getByRole('button', { name: 'Send market sounding' }).click();
  await expect(page).toHaveURL(/\/admin\/insider-register\/market-soundings\/\d+$/, FIRST_RENDER);
  const soundingId = Number(new URL(page.url()).pathname.split('/').at(-1));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(deal.name ?? 'Market sounding');

  // Olivia accepts, then sees the deal and answers.
  const accepting = await asInvestor(browser, 'investor@portico.test', soundingId);
  try {
    const consent = accepting.page.getByRole('region', { name: 'Before you see anything' });
    await expect(consent).toContainText('inside information');
    await expect(accepting.page.getByText(SUMMARY)).toHaveCount(0);
    await consent.getByRole('button', { name: 'Accept and view' }).click();
    await expect(accepting.page.getByText(SUMMARY)).toBeVisible();
    await accepting.page.getByRole('radio', { name: 'Interested without finance in place' }).check();
    await accepting.page.getByRole('button', { name: 'Send answer' }).click();
    await expect(accepting.page.getByText('Your answer')).toBeVisible();
  } finally {
    await accepting.close();
  }

  // James declines: nothing of the deal, before or after.
  const declining = await asInvestor(browser, 'investor2@portico.test', soundingId);
  try {
    const asked = declining.page.waitForResponse((response) =>
      response.url().endsWith(`/api/profile/market-soundings/${soundingId}/decline`),
    );
    await declining.page.getByRole('button', { name: 'Decline' }).click();
    await declining.page.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
    const body = await (await asked).text();
    expect(body).not.toContain(SUMMARY);
    expect(body).not.toContain(deal.name ?? '\u0000');
    await expect(declining.page.getByText('You declined', { exact: true })).toBeVisible();
    await expect(declining.page.getByText(SUMMARY)).toHaveCount(0);
    if (deal.name) await expect(declining.page.getByText(deal.name)).toHaveCount(0);
  } finally {
    await declining.close();
  }

  // The newcomer opts out of future soundings, without deciding this one.
  const opting = await asInvestor(browser, third.email, soundingId);
  try {
    await opting.page.getByRole('button', { name: 'Don’t send me market soundings in future' }).click();
    await opting.page.getByRole('dialog').getByRole('button', { name: 'Opt out' }).click();
    await expect(opting.page.getByText('You have opted out')).toBeVisible();
  } finally {
    await opting.close();
  }

  // Staff see each investor's state; a new sounding with the newcomer is refused on the field.
  await page.reload();
  const investors = page.getByRole('region', { name: 'Investors' }).or(page.getByRole('table').first());
  await expect(investors.first()).toBeVisible(FIRST_RENDER);
  const refused = await page.request.post('/api/market-soundings', {
    headers: await xsrf(page),
    data: { deal_id: deal.id, investor_ids: [olivia, james, third.id], summary: SUMMARY },
  });
  expect(refused.status()).toBe(422);
  expect(JSON.stringify(await refused.json())).toMatch(/investor_ids/);
  await page.goto(`/admin/insider-register/market-soundings/create?deal_id=${deal.id}`);
  await page.getByRole('combobox', { name: 'Investors to sound' }).fill(third.email);
  await expect(page.getByRole('option', { name: /Opted out/ })).toBeDisabled();

  // The acceptance is in the insider register, with the wording accepted.
  await page
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name: 'Acceptances' })
    .click();
  await expect(page).toHaveURL(/\/admin\/insider-register$/);
  await expect(page.getByRole('row').filter({ hasText: 'Olivia Carter' }).first()).toBeVisible(FIRST_RENDER);

  // An insider list exported in the regulation's layout.
  await page
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name: 'Insider lists' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Insider lists' })).toBeVisible(FIRST_RENDER);
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    /^(Insider list: .+|Permanent insiders)$/,
    FIRST_RENDER,
  );
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export to Excel' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  // The sounding is cleansed: when and why shows on it.
  await page.goto(`/admin/insider-register/market-soundings/${soundingId}`);
  await page.getByRole('button', { name: 'Cleanse' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Announced to the market on the company’s website.');
  await dialog.getByRole('button', { name: 'Cleanse' }).click();
  await expect(page.getByText('Announced to the market on the company’s website.')).toBeVisible();
});

async function xsrf(page: Page) {
  const cookie = (await page.context().cookies()).find((one) => one.name === 'XSRF-TOKEN');
  return { 'x-xsrf-token': decodeURIComponent(cookie?.value ?? ''), accept: 'application/json' };
}

test('a PA deal goes from request to approval to execution', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const company = `Harbour Lane ${Date.now()}`;
  // a committee member declares a deal of their own
  const theirs = await browser.newContext();
  const declarer = await theirs.newPage();
  try {
    await logIn(declarer, 'committee@portico.test');
    await declarer.goto('/admin/insider-register/pa-deals/create');
    await expect(declarer.getByRole('heading', { level: 1, name: 'Declare a deal' })).toBeVisible(
      FIRST_RENDER,
    );
    await declarer.getByLabel('Instrument').fill('Ordinary shares');
    await declarer.getByLabel('Company', { exact: true }).fill(company);
    await declarer.getByRole('combobox', { name: 'Buy or sell' }).click();
    await declarer.getByRole('option', { name: 'Buy', exact: true }).click();
    await declarer.getByLabel('Quantity').fill('1000');
    await declarer.getByLabel('Estimated value').fill('2500.00');
    await declarer.getByLabel('Reason').fill('Long-term personal investment.');
    await declarer.getByRole('button', { name: 'Ask for pre-clearance' }).click();
    await expect(declarer).toHaveURL(/\/admin\/insider-register\/pa-deals\/\d+$/, FIRST_RENDER);
    const url = declarer.url();

    // compliance approves it
    await logIn(page, ADMIN);
    await page.goto(new URL(url).pathname);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Approved').first()).toBeVisible();

    // the declarer records the execution
    await declarer.reload();
    await declarer.getByRole('button', { name: 'Record execution' }).click();
    const execution = declarer.getByRole('dialog');
    await execution.getByLabel('Price').fill('2.45');
    await execution.getByLabel('Quantity').fill('1000');
    await execution.getByRole('button', { name: 'Record execution' }).click();
    await expect(declarer.getByText('Executed').first()).toBeVisible();
  } finally {
    await theirs.close();
  }
});

test('a compliance officer finds a risk-warning text change and a role change in the audit log', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, ADMIN);
  // the risk summary changed on its settings page
  await page.goto('/admin/settings/investor/risk-warning');
  const summary = page.getByRole('textbox', { name: 'Risk summary' });
  await expect(summary).toBeVisible(FIRST_RENDER);
  await summary.fill(`${await summary.inputValue()}\n\nReviewed ${new Date().toISOString()}.`);
  await page.getByRole('button', { name: 'Save risk summary' }).click();
  await expect(page.getByText('Risk summary saved')).toBeVisible();
  // a staff member's role changed and put back
  const staff = (await api(page, 'GET', '/api/admin-accounts?filter[email]=creator@portico.test')) as {
    data: Array<{ id: number; role_id: number }>;
  };
  const creator = staff.data[0];
  if (!creator) throw new Error('no creator@ in the demo');
  await api(page, 'PATCH', `/api/admin-accounts/${creator.id}`, { role_id: 7 });
  await api(page, 'PATCH', `/api/admin-accounts/${creator.id}`, { role_id: creator.role_id });

  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Audit log' }).click();
  const table = page.getByRole('table', { name: 'Audit log' });
  await page.getByRole('searchbox', { name: 'Action' }).fill('branding.');
  await expect(table.getByRole('row').filter({ hasText: 'Risk warning text' }).first()).toBeVisible(
    FIRST_RENDER,
  );
  await page.getByRole('searchbox', { name: 'Action' }).fill('staff.updated');
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: /role from Creator to Custodian/ })
      .first(),
  ).toBeVisible(FIRST_RENDER);
});

import { expect, test, type Page } from '@playwright/test';
import { api, linkFromOutbox, logIn, uniqueEmail } from './support/session';

interface Row {
  id: number;
  email: string;
  name: string;
}
interface Page_<T> {
  data: T[];
}

/** The id of an investor found by email through the list API, as staff see it. */
async function investorId(page: Page, email: string): Promise<number> {
  const list = (await api(
    page,
    'GET',
    `/api/investors?filter[search]=${encodeURIComponent(email)}`,
  )) as Page_<Row>;
  const found = list.data.find((row) => row.email === email);
  if (!found) throw new Error(`no investor ${email}`);
  return found.id;
}

test('staff add an investor who receives the invitation, sets a password and reaches the portal', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('newinvestor');
  await logIn(page, 'admin@portico.test');
  await page.goto('/admin/investors');
  await page.getByRole('link', { name: 'New investor' }).click();
  await expect(page).toHaveURL(/\/admin\/investors\/new-investor$/);

  // The contract's rules run before the server is asked.
  await page.getByRole('button', { name: 'Add investor' }).click();
  await expect(page.getByText(/first name/i).first()).toBeVisible();

  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Newcombe');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Add investor' }).click();
  await expect(page).toHaveURL(/\/admin\/investors\/\d+\/details$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nora Newcombe');

  // A second investor with the same email is refused on the field.
  await page.goto('/admin/investors/new-investor');
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Again');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Add investor' }).click();
  await expect(page.getByText(/already/i)).toBeVisible();

  const link = await linkFromOutbox(browser, email);
  const theirs = await browser.newContext();
  const investorPage = await theirs.newPage();
  await investorPage.goto(link);
  await investorPage.getByLabel('New password', { exact: true }).fill('nora picks a long one');
  await investorPage.getByLabel('Confirm new password').fill('nora picks a long one');
  await investorPage.getByRole('button', { name: /set password|save|continue/i }).click();
  await expect(investorPage).toHaveURL(/\/investor/);
  await theirs.close();
});

test('staff filter the investors list, share it by its address and export what they see', async ({
  page,
}) => {
  await logIn(page, 'admin@portico.test');
  const tag = `Filterby${Date.now().toString(36)}`;
  const emails = [uniqueEmail('filter-a'), uniqueEmail('filter-b'), uniqueEmail('filter-c')];
  for (const [index, email] of emails.entries())
    await api(page, 'POST', '/api/investors', {
      first_name: ['Alma', 'Bruno', 'Cleo'][index],
      last_name: tag,
      email,
      client_type: index === 2 ? 'soletrader' : 'business',
      send_invitation: false,
    });

  await page.goto('/admin/investors');
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(3);

  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('combobox', { name: 'Client type' }).click();
  await page.getByRole('option', { name: 'Sole trader' }).click();
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: tag })).toContainText('Cleo');

  // The address holds the view: opened afresh it shows the same rows.
  const shared = page.url();
  await page.goto('/admin');
  await page.goto(shared);
  await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(1);

  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const csv = await readFile(path, 'utf8');
  expect(csv).toContain(emails[2]);
  expect(csv).not.toContain(emails[0]);
  expect(csv.trim().split(/\r?\n/)).toHaveLength(2);
});

test('a private document uploaded by staff is never reachable by the investor, by id or by address', async ({
  page,
  browser,
}) => {
  await logIn(page, 'admin@portico.test');
  const id = await investorId(page, 'investor@portico.test');
  await page.goto(`/admin/investors/${id}/details/documents`);
  const name = `private-note-${Date.now().toString(36)}.pdf`;
  await page.getByLabel('Choose files').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  });
  await page.getByRole('radio', { name: 'Private' }).check();
  await page.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();

  const documents = (await api(page, 'GET', `/api/investors/${id}/documents`)) as {
    data: Array<{ id: number; name: string; url: string; visibility: string }>;
  };
  const secret = documents.data.find((document) => document.name === name);
  expect(secret?.visibility).toBe('private');
  if (!secret) return;
  // Staff fetch it through the signed link.
  expect((await page.request.get(secret.url)).status()).toBe(200);

  const theirs = await browser.newContext();
  const investor = await theirs.newPage();
  await logIn(investor, 'investor@portico.test');
  const own = (await api(investor, 'GET', '/api/profile/documents')) as { data: Array<{ id: number }> };
  expect(own.data.map((document) => document.id)).not.toContain(secret.id);
  expect((await investor.request.get(`/api/investors/${id}/documents`)).status()).toBe(403);
  const bare = secret.url.split('?')[0] ?? secret.url;
  expect((await investor.request.get(bare)).status()).toBe(404);
  expect((await investor.request.get(`${bare}?expires=9999999999&signature=forged`)).status()).toBe(404);
  await theirs.close();
});

test('a task assigned to a colleague shows in their tasks on /admin, overdue and linked to the record', async ({
  page,
  browser,
}) => {
  await logIn(page, 'admin@portico.test');
  const id = await investorId(page, 'investor2@portico.test');
  await page.goto(`/admin/investors/${id}/details/notes-calls-tasks`);
  const title = `Call back about the EIS relief ${Date.now().toString(36)}`;
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await page.getByRole('button', { name: 'Add a task' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Due').fill('2024-01-15T09:30');
  await page.getByRole('combobox', { name: 'Assignee' }).click();
  await page.getByRole('option', { name: /Hugh Bennett/ }).click();
  await page.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByRole('list', { name: 'Tasks' })).toContainText(title);

  const theirs = await browser.newContext();
  const colleague = await theirs.newPage();
  await logIn(colleague, 'committee@portico.test');
  await expect(colleague).toHaveURL(/\/admin$/);
  const mine = colleague.getByRole('list', { name: 'My open tasks' });
  const item = mine.getByRole('listitem').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-overdue', 'true');
  await item.getByRole('link').first().click();
  await expect(colleague).toHaveURL(new RegExp(`/admin/investors/${id}/details`));
  await theirs.close();
});

test('an Adviser manages investors but sees no other menu, and other screens are refused', async ({
  page,
}) => {
  await logIn(page, 'adviser@portico.test');
  await expect(page).toHaveURL(/\/admin\/investors$/);
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  const top = await menu.locator(':scope > div > *').allInnerTexts();
  // Investors (with its own sections) and Settings → Security: nothing else.
  expect(top.join(' ')).not.toMatch(/Overview|Admin accounts|Terminology|Features|Lead status/);
  await expect(menu.getByRole('link', { name: 'Security' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New investor' })).toBeVisible();

  const email = uniqueEmail('adviser-client');
  await page.getByRole('link', { name: 'New investor' }).click();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Advised');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Add investor' }).click();
  await expect(page).toHaveURL(/\/admin\/investors\/\d+\/details$/);

  await page.goto('/admin/settings/investor/lead-status');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  expect((await page.request.get('/api/admin-accounts')).status()).toBe(403);
});

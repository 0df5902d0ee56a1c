import { expect, test } from '@playwright/test';
import { createDraft, fillContent, openFromList, previewOpportunity } from './support/opportunities';
import { api, logIn } from './support/session';

// Each test walks several admin pages (the editor's chunk among them): more than the default minute.
test.describe.configure({ timeout: 180_000 });

test('staff create a draft, fill its page and preview it as an investor will see it', async ({ page }) => {
  await logIn(page, 'admin@portico.test');
  const name = `Wrenfield Solar ${Date.now().toString(36)}`;
  const id = await createDraft(page, { name, company: 'Wrenfield Solar Ltd', taxRelief: 'SEIS' });

  await fillContent(page, {
    keyPoint: 'Twelve rooftop installations signed',
    teamMember: {
      name: 'Martha Wren',
      role: 'Founder',
      bio: 'Solar engineer for fifteen years.',
      withPhoto: true,
    },
    faq: { question: 'How long is the lock-in?', answer: 'At least three years for SEIS relief.' },
    publicDocument: 'Wrenfield pitch deck.pdf',
  });
  // The photo is stored and shown.
  const member = page.getByRole('region', { name: 'Team' }).locator('img');
  await expect(member).toHaveAttribute('src', /\/files\/opportunity-images\//);

  await previewOpportunity(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Wrenfield Solar Ltd').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Key points' })).toContainText(
    'Twelve rooftop installations signed',
  );
  await expect(page.getByRole('region', { name: 'Team' })).toContainText('Martha Wren');
  await expect(page.getByRole('region', { name: 'Documents' }).getByRole('link')).toHaveText(
    'Wrenfield pitch deck.pdf',
  );
  await page.getByRole('button', { name: 'How long is the lock-in?' }).click();
  await expect(page.getByText('At least three years for SEIS relief.')).toBeVisible();

  // The record's stage routes its bare address to the edit page.
  await page.goto(`/admin/investments/opportunities/${id}`);
  await expect(page).toHaveURL(new RegExp(`/admin/investments/opportunities/${id}/edit$`));
});

test('the list opens each stage on its own page: drafts to edit, live to details, existing to theirs', async ({
  page,
}) => {
  await logIn(page, 'admin@portico.test');
  const list = (await api(page, 'GET', '/api/opportunities?per_page=50&sort=status')) as {
    data: Array<{ id: number; name: string; status: number }>;
  };
  const expected = (id: number, status: number) => {
    if (status === 1) return new RegExp(`/admin/investments/opportunities/${id}/edit$`);
    if (status <= 4) return new RegExp(`/admin/investments/opportunities/${id}/details$`);
    return new RegExp(`/admin/investments/existing/${id}/details$`);
  };
  for (const status of [1, 2, 3, 4, 5, 6]) {
    const row = list.data.find((item) => item.status === status);
    if (!row) throw new Error(`the demo has no opportunity with status ${status}`);
    await openFromList(page, row.name);
    await expect(page).toHaveURL(expected(row.id, status));
  }
  // A live opportunity's edit address moves to its details, an existing one's to its page.
  const live = list.data.find((item) => item.status === 2);
  const existing = list.data.find((item) => item.status === 5);
  await page.goto(`/admin/investments/opportunities/${live?.id}/edit`);
  await expect(page).toHaveURL(/\/details$/);
  await page.goto(`/admin/investments/opportunities/${existing?.id}/key-information`);
  await expect(page).toHaveURL(new RegExp(`/admin/investments/existing/${existing?.id}/details$`));
  await expect(page.getByRole('region', { name: 'Raise' })).toBeVisible();
});

test('the Investment Manager reads opportunities without their notes', async ({ page }) => {
  await logIn(page, 'manager@portico.test');
  await page.goto('/admin/investments/opportunities?status=2');
  const first = page.getByRole('table').getByRole('link').first();
  await first.click();
  await expect(page).toHaveURL(/\/details$/);
  await expect(page.getByRole('link', { name: 'Notes, Calls and Tasks' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New opportunity' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Add / })).toHaveCount(0);
});

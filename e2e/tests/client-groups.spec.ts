import { expect, test } from '@playwright/test';
import { addGroupMember, createClientGroup } from './support/lifecycle';
import { ADMIN, logIn } from './support/session';

test('staff create a client group, add an investor and remove one, all in its activity', async ({ page }) => {
  // A journey of a dozen pages and dialogs: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  await logIn(page, ADMIN);
  const name = `Seed angels ${Date.now().toString(36)}`;

  // From the menu: Investors → Client groups, where the demo's groups are listed with their members.
  await page.goto('/admin/investors');
  await page.getByRole('navigation', { name: /admin/i }).getByRole('link', { name: 'Client groups' }).click();
  await expect(page).toHaveURL(/\/admin\/investors\/client-groups$/);
  const list = page.getByRole('table', { name: 'Client groups' });
  await expect(list.getByRole('link', { name: 'Syndicate members' })).toBeVisible();

  await createClientGroup(page, name, 'Angels who back seed rounds');
  await expect(page.getByText('Add the investors who belong to this group.')).toBeVisible();
  await addGroupMember(page, 'investor@portico.test', 'Olivia Carter');
  await addGroupMember(page, 'investor2@portico.test', 'James Whitaker');
  await expect(page.getByText('2 members').first()).toBeVisible();

  await page.getByRole('button', { name: 'Remove James Whitaker' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove member' });
  await expect(confirm).toContainText('James Whitaker');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(
    page.getByRole('table', { name: /^Members of / }).getByRole('link', { name: 'James Whitaker' }),
  ).toHaveCount(0);

  await page
    .getByRole('navigation', { name: `${name} sections` })
    .getByRole('link', { name: 'Activity' })
    .click();
  await expect(page.getByText('James Whitaker removed from the group')).toBeVisible();
  await expect(page.getByText('Olivia Carter added to the group')).toBeVisible();

  // Listed with its member count; found by its name.
  await page.goto(`/admin/investors/client-groups?search=${encodeURIComponent(name)}`);
  const row = page.getByRole('table', { name: 'Client groups' }).getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
});

test('the Entrepreneur, who has no investors permission (spec §6), cannot open client groups', async ({
  page,
}) => {
  await logIn(page, 'entrepreneur@portico.test');
  await page.goto('/admin/investors/client-groups');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Client groups' })).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { linkFromOutbox, logIn, uniqueEmail } from './support/session';

test('a Super Admin invites a colleague who sets a password and lands on their screen', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('colleague');
  await logIn(page, 'admin@portico.test');
  await page.goto('/admin/settings/account/admin-accounts');
  await page.getByRole('button', { name: 'Invite staff member' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Full name').fill('Carla Colleague');
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Adviser' }).click();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Invited');

  const link = await linkFromOutbox(browser, email);
  const invitee = await browser.newContext();
  const theirs = await invitee.newPage();
  await theirs.goto(link);
  await theirs.getByLabel('New password', { exact: true }).fill('carla chooses well');
  await theirs.getByLabel('Confirm new password').fill('carla chooses well');
  await theirs.getByRole('button', { name: /set password|save|continue/i }).click();
  await expect(theirs).toHaveURL(/\/admin\/investors$/);
  await invitee.close();

  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Active');
});

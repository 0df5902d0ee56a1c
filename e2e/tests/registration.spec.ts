import { expect, test } from '@playwright/test';
import { linkFromOutboxScreen, uniqueEmail } from './support/session';

test('an investor registers, opens the verification link from the outbox and reaches /investor', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('newinvestor');
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Nadia Newcomer');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByLabel('Confirm password').fill('a long enough password');
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  // Unverified: the notice, and no investor navigation.
  await expect(page.getByRole('heading', { name: 'Verify your email address' })).toBeVisible();
  await page.goto('/investor');
  await expect(page).toHaveURL(/\/verify-email/);

  const link = await linkFromOutboxScreen(browser, email);
  expect(link).toMatch(/\/email\/verify\/\d+\/[0-9a-f]+\?expires=\d+&signature=[0-9a-f]+$/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/investor\?verified=1$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Nadia');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Overview' }).first()).toBeVisible();
});

test('registration shows the server’s field errors', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Someone');
  await page.getByLabel('Email address').fill('investor@portico.test');
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByLabel('Confirm password').fill('a long enough password');
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The email has already been taken.')).toBeVisible();
  await expect(page).toHaveURL(/\/register/);
});

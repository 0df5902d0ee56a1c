import { expect, test } from '@playwright/test';
import { logIn } from './support/session';

test('a staff user opening a screen their role may not see gets the error page', async ({ page }) => {
  await logIn(page, 'adviser@portico.test');
  for (const path of ['/admin/settings/account/admin-accounts', '/admin']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByText('Click below to return to our homepage or try again later.')).toBeVisible();
    await expect(page).toHaveTitle('Something went wrong...');
  }
  await page.getByRole('link', { name: /back to login/i }).click();
  await expect(page).toHaveURL(/\/admin\/investors$/);
});

test('an investor opening an admin address gets the investor 404 page', async ({ page }) => {
  await logIn(page, 'investor@portico.test');
  for (const path of ['/admin/settings/account/admin-accounts', '/admin', '/admin/investors/1']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: "Sorry that page doesn't seem to exist" })).toBeVisible();
    await expect(page.getByText('The page you requested cannot be found.')).toBeVisible();
    await expect(page).toHaveTitle('404 page not found');
  }
  await page.getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/investor$/);
});

test('an unknown page shows the 404 page with Login and Register for a visitor', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: "Sorry that page doesn't seem to exist" })).toBeVisible();
  await expect(page.getByText('The page you requested cannot be found.')).toBeVisible();
  await expect(page).toHaveTitle('404 page not found');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
});

test('a visitor sent to log in comes back to the page they asked for', async ({ page }) => {
  await page.goto('/admin/settings/account/admin-accounts');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email address').fill('admin@portico.test');
  await page.getByLabel('Password', { exact: true }).fill('portico-demo');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/account\/admin-accounts$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Admin accounts');
});

test('logging out ends the session', async ({ page }) => {
  await logIn(page, 'admin@portico.test');
  await page.goto('/api/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login/);
});

test('a wrong password shows the credentials message on the email field', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email address').fill('support@portico.test');
  await page.getByLabel('Password', { exact: true }).fill('not the right one');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
});

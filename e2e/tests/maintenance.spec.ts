import { expect, test } from '@playwright/test';
import { MAINTENANCE_URL } from './support/urls';

test.use({ baseURL: MAINTENANCE_URL });

test('with the maintenance switch on, every page goes to /maintenance', async ({ page }) => {
  for (const path of [
    '/',
    '/login',
    '/register',
    '/admin',
    '/investor',
    '/admin/settings/security',
    '/no/such/page',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/maintenance/);
    await expect(page.getByRole('heading', { name: "We'll be back shortly" })).toBeVisible();
  }
});

test('the API answers 503 and /health stays up', async ({ request }) => {
  const user = await request.get('/api/user');
  expect(user.status()).toBe(503);
  expect(await user.json()).toMatchObject({ message: 'Service Unavailable' });
  expect((await request.get('/health')).status()).toBe(200);
});

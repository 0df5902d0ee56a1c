import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, logIn } from './support/session';
import { SHELL_URL } from './support/urls';

/**
 * The white-label shell (issue 3), on a server of its own: these tests change the branding, the flags
 * and the terms version, in this order.
 */
test.use({ baseURL: SHELL_URL });
test.describe.configure({ mode: 'serial' });

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let admin: Page;
let investor: Page;

async function signedIn(browser: Browser, email: string) {
  const page = await (await browser.newContext({ baseURL: SHELL_URL })).newPage();
  await logIn(page, email);
  return page;
}

test.beforeAll(async ({ browser }) => {
  admin = await signedIn(browser, 'admin@portico.test');
  investor = await signedIn(browser, 'investor@portico.test');
});
test.afterAll(async () => {
  await admin.context().close();
  await investor.context().close();
});

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test('a staff user changes the primary colour and the logo, and the investor’s next page shows them', async () => {
  await admin.goto('/admin/settings/account');
  const primary = admin.getByRole('textbox', { name: 'Primary', exact: true });
  await primary.fill('#7b2cbf');
  await primary.press('Tab');
  await admin
    .locator('input[type=file][name=logo]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX });
  await admin.getByRole('button', { name: 'Save branding' }).click();
  await expect(admin.getByText('Branding saved')).toBeVisible();

  await investor.goto('/investor');
  // The page themes itself once its branding has loaded.
  await expect
    .poll(() =>
      investor.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-primary-6').trim(),
      ),
    )
    .toBe('#7b2cbf');
  const logo = investor.getByRole('banner').getByRole('img').first();
  await expect(logo).toHaveAttribute('src', /\/files\/branding\/logo-[\w-]+\.png$/);
});

test('a terminology change renames a navigation label', async () => {
  await admin.goto('/admin/settings/terminology');
  await admin.getByLabel('Profile', { exact: true }).fill('My account');
  await admin.getByRole('button', { name: 'Save terminology' }).click();
  await expect(admin.getByText('Terminology saved')).toBeVisible();

  await investor.goto('/investor');
  const navigation = investor.getByRole('navigation', { name: 'Investor navigation' });
  await expect(navigation.getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Profile', exact: true })).toHaveCount(0);
});

test('the risk banner and its modal appear with the flag on and go with it off', async () => {
  await investor.goto('/investor');
  const banner = investor.getByRole('complementary', { name: 'Risk warning' });
  await expect(banner).toContainText(
    "Don't invest unless you're prepared to lose all the money you invest. This is a high-risk investment and you are unlikely to be protected if something goes wrong.",
  );
  expect((await banner.boundingBox())?.height).toBe(70);
  await banner.getByRole('button', { name: 'Take 2 mins to learn more.' }).click();
  const summary = investor.getByRole('dialog', { name: 'Risk summary' });
  await expect(summary).toContainText('Financial Conduct Authority');
  await investor.keyboard.press('Escape');

  await admin.goto('/admin/settings/account/features');
  await admin.getByRole('switch', { name: 'Risk warning' }).click();
  await admin.getByRole('button', { name: 'Save features' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText('Features saved')).toBeVisible();

  await investor.goto('/investor');
  await expect(investor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(investor.getByRole('complementary', { name: 'Risk warning' })).toHaveCount(0);
});

test('a notification appears live with the badge going up; clicking marks it read and opens its cta', async () => {
  await investor.goto('/investor');
  // Counted through the API: the page's own answer cannot be read once the page has moved on.
  const unread = (await api(investor, 'GET', '/api/notifications/user/unread')) as { data: unknown[] };
  const before = unread.data.length;
  await expect(bell(investor)).toHaveAccessibleName(
    before === 0 ? 'Notifications' : `Notifications, ${before} unread`,
  );
  const me = (await api(investor, 'GET', '/api/user')) as { data: { id: number } };
  await api(admin, 'POST', '/api/notifications/send', {
    recipients: 'users',
    user_ids: [me.data.id],
    message: 'Your **quarterly report** is ready',
    cta: '/investor/profile/view',
  });
  await expect(bell(investor)).toHaveAccessibleName(`Notifications, ${before + 1} unread`);
  await bell(investor).click();
  const panel = investor.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByRole('button', { name: /Unread: Your quarterly report is ready/ });
  await expect(item.locator('strong')).toHaveText('quarterly report');
  await item.click();
  await expect(investor).toHaveURL(/\/investor\/profile\/view$/);
  await expect(bell(investor)).toHaveAccessibleName(
    before === 0 ? 'Notifications' : `Notifications, ${before} unread`,
  );
});

test('100 unread notifications show 99', async ({ browser }) => {
  const other = await signedIn(browser, 'investor2@portico.test');
  const me = (await api(other, 'GET', '/api/user')) as { data: { id: number } };
  await api(other, 'POST', '/api/notifications/user/mark-read');
  for (let index = 0; index < 100; index += 1)
    await api(admin, 'POST', '/api/notifications/send', {
      recipients: 'users',
      user_ids: [me.data.id],
      message: `Update ${index}`,
    });
  await other.goto('/investor');
  await expect(bell(other)).toContainText('99');
  await expect(bell(other)).not.toContainText('100');
  await other.context().close();
});

test('after a version bump the terms modal blocks until accepted', async () => {
  await admin.goto('/admin/settings/investor/terms');
  await admin.getByRole('button', { name: 'Publish new version' }).click();
  await admin
    .getByRole('dialog')
    .getByRole('button', { name: /^Publish version \d+$/ })
    .click();

  await investor.goto('/investor');
  const modal = investor.getByRole('dialog', { name: 'Accept terms & conditions' });
  await expect(modal).toBeVisible();
  await investor.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  const submit = modal.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await modal
    .getByRole('checkbox', { name: 'I have read, understood and accept the terms and conditions' })
    .check();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(modal).toHaveCount(0);
  await investor.reload();
  await expect(investor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(investor.getByRole('dialog', { name: 'Accept terms & conditions' })).toHaveCount(0);
});

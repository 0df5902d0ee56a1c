import { expect, type Browser, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'portico-demo';
export const ADMIN = 'admin@portico.test';

/** Signs in through the login page, as a person would. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Opens the latest email to an address the way staff read it (Settings → Security → outbox, in a
 * browser of their own) and answers the first link in it.
 */
export async function linkFromOutbox(browser: Browser, to: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await logIn(page, ADMIN);
    await page.goto('/admin/settings/security');
    await page.getByLabel('Recipient').fill(to);
    const row = page.getByRole('row').filter({ hasText: to }).first();
    await expect(row).toBeVisible();
    await row.getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    const link = dialog.getByRole('link').first();
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');
    if (!href) throw new Error(`no link in the email to ${to}`);
    return href;
  } finally {
    await context.close();
  }
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;

/** A JSON call to the API with the context's session, as the web app makes it (XSRF header included). */
export async function api(page: Page, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.fetch(path, {
    method,
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf), accept: 'application/json' },
    ...(data === undefined ? {} : { data }),
  });
  if (!response.ok())
    throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return response.status() === 204 ? undefined : ((await response.json()) as unknown);
}

/**
 * A new investor registers through /register and opens the verification link from the outbox; they end
 * on /investor, signed in. Answers their email address and id.
 */
export async function registerVerifiedInvestor(
  page: Page,
  browser: Browser,
  name: string,
  email = uniqueEmail(name.split(' ')[0]?.toLowerCase() ?? 'investor'),
): Promise<{ email: string; id: number }> {
  await page.goto('/register');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Confirm password').fill(DEMO_PASSWORD);
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your email address' })).toBeVisible();
  await page.goto(await linkFromOutbox(browser, email));
  await expect(page).toHaveURL(/\/investor\?verified=1$/);
  const user = (await api(page, 'GET', '/api/user')) as { data: { id: number } };
  return { email, id: user.data.id };
}

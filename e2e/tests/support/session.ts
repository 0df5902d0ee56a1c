import { expect, type Browser, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'portico-demo';
export const ADMIN = 'admin@portico.test';

/** Signs in through the login page, as a person would (landing.spec.ts and the accessibility spec use it). */
export async function logInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The XSRF header the web app sends, from the context's cookie. */
async function xsrfHeader(page: Page): Promise<Record<string, string>> {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'x-xsrf-token': decodeURIComponent(xsrf), accept: 'application/json' };
}

/**
 * Signs in with the calls the login page makes (CSRF cookie, then POST /login) and opens the user's
 * landing page through "/". The session is the browser context's, as after the form; the form itself is
 * tested by landing.spec.ts (it took a page load of every spec that only needed to be signed in).
 */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await signInThroughApi(page, email, password);
  await page.goto('/');
  await expect(page).not.toHaveURL(/\/login/);
}

/** The session alone, without opening a page: for helpers that only call the API. */
export async function signInThroughApi(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.request.get('/sanctum/csrf-cookie');
  const response = await page.request.post('/login', {
    headers: await xsrfHeader(page),
    data: { email, password },
  });
  if (!response.ok())
    throw new Error(`POST /login as ${email} answered ${response.status()}: ${await response.text()}`);
}

/**
 * The first link in the latest email to an address, as staff see it in Settings → Security → outbox
 * (read here through the outbox's API with an admin session of its own; registration.spec.ts opens
 * it on the screen).
 */
export async function linkFromOutbox(browser: Browser, to: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signInThroughApi(page, ADMIN);
    const found = (await api(
      page,
      'GET',
      `/api/mail-outbox?filter[to]=${encodeURIComponent(to)}&sort=-created_at&page[size]=1`,
    )) as { data: Array<{ to: string; html: string | null; text: string | null }> };
    const mail = found.data[0];
    if (!mail) throw new Error(`no email to ${to} in the outbox`);
    const href = /href="([^"]+)"/.exec(mail.html ?? '')?.[1] ?? /https?:\/\/\S+/.exec(mail.text ?? '')?.[0];
    if (!href) throw new Error(`no link in the email to ${to}`);
    // The mail's HTML writes & as an entity (&#38; or &amp;): the address is what a browser would open.
    return href
      .replace(/&#(\d+);/g, (_entity, code: string) => String.fromCharCode(Number(code)))
      .replaceAll('&amp;', '&');
  } finally {
    await context.close();
  }
}

/** The same link, read on the outbox screen as staff read it (Settings → Security, in a browser of their own). */
export async function linkFromOutboxScreen(browser: Browser, to: string): Promise<string> {
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
  const response = await page.request.fetch(path, {
    method,
    headers: await xsrfHeader(page),
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

import { expect, test, type Page } from '@playwright/test';
import { investorIdByEmail } from './support/records';
import { ADMIN, logIn } from './support/session';

/**
 * Issue 17: the server's Content-Security-Policy (script-src 'self', so no eval) holds for the app's own
 * bundle. Chromium reports each breach as a `securitypolicyviolation` event and a console error, even
 * when the code that tried (zod probing `new Function`) catches the refusal: any of either fails.
 */
interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

declare global {
  interface Window {
    reportPolicyViolation?: (violation: Violation) => void;
  }
}

/** Collects every violation of every document the page loads from here on, from the first script. */
async function watchPolicy(page: Page) {
  const violations: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (violation: Violation) => {
    violations.push(`${violation.directive} blocked ${violation.blocked} (${violation.source})`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void window.reportPolicyViolation?.({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

test('the login page breaks no rule of the Content-Security-Policy', async ({ page }) => {
  const violations = await watchPolicy(page);
  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  // The form's schema (and zod) load just after the page paints; checking the form parses with it.
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('x');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('The email field must be a valid email address.')).toBeVisible();
  expect(violations).toEqual([]);
});

test('investor pages break no rule of the Content-Security-Policy', async ({ page }) => {
  const violations = await watchPolicy(page);
  await logIn(page, 'investor@portico.test');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Olivia');
  await page.goto('/investor/opportunities');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test('admin pages break no rule of the Content-Security-Policy', async ({ page }) => {
  const violations = await watchPolicy(page);
  await logIn(page, ADMIN);
  const id = await investorIdByEmail(page, 'investor@portico.test');
  await page.goto(`/admin/investors/${id}`);
  await expect(page.getByRole('navigation', { name: /sections$/ })).toBeVisible();
  await page.goto('/admin/investors');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

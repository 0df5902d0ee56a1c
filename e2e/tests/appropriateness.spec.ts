import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  advanceServerClock,
  appropriatenessAnswerKey,
  failAppropriatenessTest,
  openAppropriatenessTest,
  passAppropriatenessTest,
} from './support/appropriateness';
import { investorIdByEmail } from './support/records';
import { ADMIN, api, logIn } from './support/session';

const DAY = 24 * 3600;

/** Serious or critical WCAG A/AA violations on the page as it stands (as accessibility.spec.ts checks). */
async function expectAccessible(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(blocking, what).toEqual([]);
}

test('an investor fails the appropriateness test, waits 24 hours (the clock moved) and passes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const key = await appropriatenessAnswerKey();
  // investor2@portico.test has an approved categorisation and has not taken the test (the demo data).
  await logIn(page, 'investor2@portico.test');
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await page.getByRole('link', { name: 'Appropriateness test' }).click();
  await expect(page).toHaveURL(/\/investor\/profile\/appropriateness$/);
  await openAppropriatenessTest(page);
  await expect(page.getByRole('form', { name: 'Appropriateness test' })).toBeVisible();
  await expectAccessible(page, 'the test, open');
  await failAppropriatenessTest(page, key);
  await expectAccessible(page, 'the test, waiting after a failure');

  // Still waiting after a reload: the server keeps the wait.
  await page.reload();
  await expect(page.getByTestId('retry-countdown')).toBeVisible();

  await advanceServerClock(page, DAY);
  await passAppropriatenessTest(page, key);
  const user = (await api(page, 'GET', '/api/user')) as { data: { compliance_passed: number } };
  expect(user.data.compliance_passed).toBe(1);
});

test('staff open the question bank, and an investor’s attempts on their record', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, ADMIN);
  await page.goto('/admin/settings/investor/appropriateness-test');
  await expect(page.getByRole('heading', { level: 1, name: 'Appropriateness test' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessible(page, 'settings → investor → appropriateness test');

  const id = await investorIdByEmail(page, 'investor@portico.test');
  await page.goto(`/admin/investors/${id}/details/category`);
  const section = page.getByRole('region', { name: 'Appropriateness test' });
  await expect(section.getByText('2 attempts, most recent first.')).toBeVisible();
  await section.getByRole('button', { name: /Failed/ }).click();
  await expect(section.getByText('Chosen').filter({ visible: true }).first()).toBeVisible();
  await expectAccessible(page, 'the investor’s attempts');
});

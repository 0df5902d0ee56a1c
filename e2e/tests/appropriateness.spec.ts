import { expect, test } from '@playwright/test';
import {
  advanceServerClock,
  appropriatenessAnswerKey,
  failAppropriatenessTest,
  openAppropriatenessTest,
  passAppropriatenessTest,
} from './support/appropriateness';
import { api, logIn } from './support/session';

const DAY = 24 * 3600;

test('an investor fails the appropriateness test, waits 24 hours (the clock moved) and passes', async ({
  page,
}) => {
  const key = await appropriatenessAnswerKey();
  // investor2@portico.test has an approved categorisation and has not taken the test (the demo data).
  await logIn(page, 'investor2@portico.test');
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await page.getByRole('link', { name: 'Appropriateness test' }).click();
  await expect(page).toHaveURL(/\/investor\/profile\/appropriateness$/);
  await openAppropriatenessTest(page);
  await failAppropriatenessTest(page, key);

  // Still waiting after a reload; the server refuses an early retry with its 429.
  await page.reload();
  await expect(page.getByTestId('retry-countdown')).toBeVisible();

  await advanceServerClock(page, DAY);
  await passAppropriatenessTest(page, key);
  const user = (await api(page, 'GET', '/api/user')) as { data: { compliance_passed: number } };
  expect(user.data.compliance_passed).toBe(1);
});

import { expect, test } from '@playwright/test';
import {
  decideIdentityCheck,
  expectChecklistStep,
  giveScreeningDetails,
  submitIdentityEvidence,
} from './support/onboarding';
import { investorIdByEmail } from './support/records';
import { ADMIN, logIn, registerVerifiedInvestor, uniqueEmail } from './support/session';

test('an investor sends identity evidence, staff pass it on the record, and the checklist shows identity done', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('identity');
  await registerVerifiedInvestor(page, browser, 'Ivy Identity', email);
  await expectChecklistStep(page, 'Identity check', 'to do');

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  try {
    await logIn(staff, ADMIN);
    const id = await investorIdByEmail(staff, email);
    await giveScreeningDetails(staff, id);

    await submitIdentityEvidence(page);
    await expectChecklistStep(page, 'Identity check', 'awaiting review');

    await decideIdentityCheck(staff, id, 'Pass');
  } finally {
    await staffContext.close();
  }

  await expectChecklistStep(page, 'Identity check', 'done');
  await page.goto('/investor/profile/identity');
  await expect(page.getByText(/Your identity was confirmed on/)).toBeVisible();
});

test('a failed check tells the investor why, and they can send new evidence', async ({ page, browser }) => {
  const email = uniqueEmail('identity-fail');
  await registerVerifiedInvestor(page, browser, 'Finn Fail', email);
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  try {
    await logIn(staff, ADMIN);
    const id = await investorIdByEmail(staff, email);
    await giveScreeningDetails(staff, id);
    await submitIdentityEvidence(page);
    await decideIdentityCheck(staff, id, 'Fail', 'The passport photo is unreadable.');
  } finally {
    await staffContext.close();
  }
  await expectChecklistStep(page, 'Identity check', 'action needed');
  await page.goto('/investor/profile/identity');
  await expect(page.getByText(/could not be confirmed: The passport photo is unreadable\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send for checking' })).toBeVisible();
});

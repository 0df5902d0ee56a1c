import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { investorIdByEmail } from './support/records';
import {
  chooseClientType,
  contactSupport,
  expectMailInOutbox,
  expectMembership,
  fillProfileDetails,
  setMembership,
} from './support/profile';
import { ADMIN, linkFromOutbox, logIn, registerVerifiedInvestor, uniqueEmail } from './support/session';

// The default support address is MAIL_FROM's (the server runs without SUPPORT_EMAIL here).
const SUPPORT_ADDRESS = 'no-reply@portico.test';

test('an investor edits their details with the country pickers and sees them saved', async ({
  page,
  browser,
}) => {
  await registerVerifiedInvestor(page, browser, 'Priya Patel');
  await fillProfileDetails(page, {
    firstName: 'Priya',
    lastName: 'Shah',
    phone: '+44 20 7946 0123',
    addressLine1: '10 Market Street',
    city: 'Leeds',
    postcode: 'LS1 6DT',
    nationality: 'India',
    country: 'United Kingdom',
  });
  // The header's name follows at once; the page holds the saved values after a reload.
  await expect(page.getByRole('banner').getByText('Priya Shah')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Shah');
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('United Kingdom');
  await expect(page.getByRole('combobox', { name: 'Nationality' })).toHaveValue('India');

  await chooseClientType(page, 'Sole trader', { name: 'Shah Lettings' });
  await page.goto('/investor/profile/view');
  await expect(page.getByText('10 Market Street, Leeds, LS1 6DT, United Kingdom')).toBeVisible();
  await expect(page.getByText('Sole trader: Shah Lettings')).toBeVisible();

  // Every profile view fits a 375 px phone, without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  for (const view of ['view', 'details', 'type', 'subscription']) {
    await page.goto(`/investor/profile/${view}`);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), view).toBeLessThanOrEqual(375);
    // No serious or critical WCAG 2.2 AA violation (as accessibility.spec.ts checks the other pages).
    await page.waitForLoadState('networkidle');
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const blocking = violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    );
    expect(
      blocking.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
      view,
    ).toEqual([]);
  }
});

test('a new email address is used only once its link is opened', async ({ page, browser }) => {
  const { email: old } = await registerVerifiedInvestor(page, browser, 'Evan Moved');
  const next = uniqueEmail('evan-new');
  await page.goto('/investor/profile/details');
  await page.getByRole('textbox', { name: 'Email address' }).fill(next);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Open the link we sent to ${next} to start using it.`)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'We sent a link to' })).toContainText(old);

  await page.goto(await linkFromOutbox(browser, next));
  await expect(page).toHaveURL(/\/investor\/profile\/details\?email_change=valid$/);
  await expect(page.getByText(`Your email address is now ${next}.`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(next);
});

test('staff set a membership and the investor sees it', async ({ page, browser }) => {
  const { email } = await registerVerifiedInvestor(page, browser, 'Mina Member');
  await page.goto('/investor/profile/subscription');
  await expect(page.getByRole('heading', { name: 'You have no membership plan with us' })).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  try {
    await logIn(staff, ADMIN);
    const id = await investorIdByEmail(staff, email);
    await setMembership(staff, id, { plan: 'Angel Club', renewsAt: '2030-01-01', amount: '250' });
    await expect(staff.getByRole('region', { name: 'Membership' }).getByText('£250.00')).toBeVisible();
  } finally {
    await staffContext.close();
  }

  await expectMembership(page, 'Angel Club');
  await expect(page.getByText('£250.00')).toBeVisible();
  await expect(page.getByText('1 Jan 2030')).toBeVisible();
});

test('the contact form lands in the outbox for the support address', async ({ page, browser }) => {
  await registerVerifiedInvestor(page, browser, 'Cara Question');
  const subject = `Question about my account ${Date.now()}`;
  await contactSupport(page, subject, 'Could you tell me when the next opportunity opens?');
  await expectMailInOutbox(browser, SUPPORT_ADDRESS, `[Support] ${subject}`);
});

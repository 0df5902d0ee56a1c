import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  categoriseAsRestricted,
  expectDocumentsApproved,
  staffApproveCategorisation,
  staffApproveDocuments,
  uploadRequiredDocuments,
} from './support/investor-profile';
import { ADMIN, logIn, registerVerifiedInvestor } from './support/session';

test('a new investor categorises, uploads the sign-up documents, staff approve them and the investor sees it', async ({
  page,
  browser,
}) => {
  const investor = await registerVerifiedInvestor(page, browser, 'Priya Profile');

  const state = await categoriseAsRestricted(page);
  const documents = await uploadRequiredDocuments(page);
  // Proof of identity and of address are the identity check's files: sent once, with the check (issue 18).
  expect(documents).toEqual(['Source of funds']);
  for (const evidence of ['Proof of identity', 'Proof of address'])
    await expect(
      page
        .getByRole('article', { name: evidence })
        .getByRole('link', { name: 'Send it on the Identity page' }),
    ).toHaveAttribute('href', '/investor/profile/identity');

  // Staff, in a browser of their own, review on the investor's record.
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  try {
    await logIn(staffPage, ADMIN);
    if (state === 'pending') await staffApproveCategorisation(staffPage, investor.id);
    await staffApproveDocuments(staffPage, investor.id, documents);
  } finally {
    await staff.close();
  }

  await expectDocumentsApproved(page, documents);
  await page.goto('/investor/profile/investor-type');
  await expect(page.getByText('Current', { exact: true })).toBeVisible();
  await expect(page.getByText(/by Priya Profile/)).toBeVisible();
});

test('an unknown profile view and another investor’s account are the 404 page', async ({ page }) => {
  await logIn(page, 'investor@portico.test');
  await page.goto('/investor/profile/nothing_here');
  await expect(page.getByRole('heading', { name: "Sorry that page doesn't seem to exist" })).toBeVisible();
  await page.goto('/investor/profile/investmentmethod_999999');
  await expect(page.getByRole('heading', { name: "Sorry that page doesn't seem to exist" })).toBeVisible();
});

test.describe('the profile views are accessible, on a phone and on a desktop', () => {
  for (const viewport of [
    { width: 375, height: 800 },
    { width: 1280, height: 900 },
  ])
    test(`at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await logIn(page, 'investor@portico.test');
      for (const [path, heading] of [
        ['/investor/profile/investor-type', 'Investor categorisation'],
        ['/investor/profile/documents', 'Documents'],
        ['/investor/profile/organisation-apply', 'Organisations'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        const blocking = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          );
        expect(blocking, path).toEqual([]);
        // Nothing is wider than the screen.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
});

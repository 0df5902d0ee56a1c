import { expect, type Page } from '@playwright/test';

/**
 * Reusable steps of the investor's onboarding in the portal (issue 9): categorisation, sign-up documents,
 * and the staff review of them. Each takes the page of the person acting.
 */

/**
 * The investor signs the restricted investor statement on /investor/profile/investor-type (2% invested
 * in the past year, 5% intended), typing their name. Answers what the page then says of it: pending
 * when staff approve categorisations, current otherwise.
 */
export async function categoriseAsRestricted(page: Page) {
  await page.goto('/investor/profile/investor-type');
  await expect(page.getByRole('heading', { level: 1, name: 'Investor categorisation' })).toBeVisible();
  await page.getByRole('radio', { name: /^Restricted investor/ }).click();
  await expect(page.getByText(/I declare that I qualify as a restricted investor/)).toBeVisible();
  await page.getByRole('textbox', { name: /In the past twelve months/ }).fill('2');
  await page.getByRole('textbox', { name: /In the next twelve months/ }).fill('5');
  await page.getByRole('checkbox', { name: /I have read and understood this statement/ }).check();
  await expect(page.getByRole('textbox', { name: /Your signature/ })).not.toHaveValue('');
  await page.getByRole('button', { name: 'Sign the statement' }).click();
  await expect(page.getByText('Statement signed')).toBeVisible();
  const pending = page.getByText('Awaiting approval');
  const current = page.getByText('Current', { exact: true });
  await expect(pending.or(current).first()).toBeVisible();
  return (await pending.isVisible()) ? 'pending' : 'current';
}

/** A small real PDF, as a browser would send it. */
export const pdfFile = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`),
});

/** The investor uploads a PDF for every sign-up document not yet provided on /investor/profile/documents. */
export async function uploadRequiredDocuments(page: Page): Promise<string[]> {
  await page.goto('/investor/profile/documents');
  await expect(page.getByRole('heading', { level: 2, name: 'Sign-up documents' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const names: string[] = [];
  for (const card of await cards.all()) {
    const name = (await card.getAttribute('aria-label')) ?? '';
    if (!(await card.getByText('Not provided').isVisible())) continue;
    // A file of the identity check is sent with the check, not here (issue 18).
    if ((await card.locator('input[type=file]').count()) === 0) continue;
    await card.locator('input[type=file]').setInputFiles(pdfFile(`${name}.pdf`));
    await expect(card.getByText('Awaiting review')).toBeVisible();
    names.push(name);
  }
  return names;
}

/** Staff approve each named onboarding document on the investor's record (Onboarding Documents tab). */
export async function staffApproveDocuments(page: Page, investorId: number, names: readonly string[]) {
  await page.goto(`/admin/investors/${investorId}/details/investment-documents`);
  for (const name of names) {
    const card = page.getByRole('article', { name });
    await card.getByRole('button', { name: `Approve ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve document' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Approved', { exact: true })).toBeVisible();
  }
}

/** Staff approve the investor's pending categorisation on their Investor Category tab. */
export async function staffApproveCategorisation(page: Page, investorId: number) {
  await page.goto(`/admin/investors/${investorId}/details/category`);
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve categorisation' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
}

/** The investor sees every named document approved on /investor/profile/documents. */
export async function expectDocumentsApproved(page: Page, names: readonly string[]) {
  await page.goto('/investor/profile/documents');
  for (const name of names)
    await expect(page.getByRole('article', { name }).getByText('Approved', { exact: true })).toBeVisible();
}

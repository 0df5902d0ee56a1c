import { expect, type Page } from '@playwright/test';
import { api } from './session';

/** Reusable steps of the onboarding journey (issue 9): identity evidence, the staff decision, the checklist. */

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Staff (signed in on `page`) fill in the details a screening check needs, through the API. */
export async function giveScreeningDetails(page: Page, investorId: number) {
  await api(page, 'PATCH', `/api/investors/${investorId}`, {
    date_of_birth: '1985-06-15',
    nationality: 'British',
    address_line_1: '22 Lime Street',
    city: 'Bristol',
    postcode: 'BS1 4DJ',
    country: 'GB',
  });
}

/** The investor sends an identity document and a proof of address from /investor/profile/identity. */
export async function submitIdentityEvidence(page: Page) {
  await page.goto('/investor/profile/identity');
  await expect(page.getByRole('heading', { name: 'Your identity check' })).toBeVisible();
  await page.getByLabel('Identity document file').setInputFiles({
    name: 'passport.png',
    mimeType: 'image/png',
    buffer: PNG_1PX,
  });
  await page.getByLabel('Proof of address file').setInputFiles({
    name: 'utility-bill.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await page.getByRole('button', { name: 'Send for checking' }).click();
  const status = page.getByRole('region', { name: 'Your identity check' });
  await expect(status.getByText('Awaiting review')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send for checking' })).toHaveCount(0);
}

/** Staff decide the open identity check on the investor's record (Activity: the Onboarding panel). */
export async function decideIdentityCheck(
  page: Page,
  investorId: number,
  decision: 'Pass' | 'Fail' | 'Refer',
  reason = 'The documents do not match the details given.',
) {
  await page.goto(`/admin/investors/${investorId}/details`);
  const panel = page.getByRole('region', { name: 'Onboarding' });
  const identity = panel.getByRole('listitem', { name: 'Identity check' });
  await expect(identity.getByRole('link', { name: /Identity document: passport\.png/ })).toBeVisible();
  await identity.getByRole('button', { name: decision }).click();
  const dialog = page.getByRole('dialog');
  if (decision === 'Pass') {
    await dialog.getByRole('button', { name: 'Pass check' }).click();
  } else {
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: `${decision} check` }).click();
  }
  await expect(dialog).toBeHidden();
  const label = { Pass: 'Passed', Fail: 'Failed', Refer: 'Referred for further checks' }[decision];
  await expect(identity.getByText(label, { exact: true })).toBeVisible();
}

/** The investor's overview checklist shows the step (by its label) in the given state ("done", "to do", ...). */
export async function expectChecklistStep(page: Page, label: string, state: string) {
  await page.goto('/investor');
  const checklist = page.getByRole('region', { name: 'Your account' });
  const item = checklist.getByRole('listitem').filter({ hasText: label });
  await expect(item).toContainText(`(${state})`);
}

/**
 * Every onboarding step is done: /investor asks nothing of the investor any more (no checklist) and
 * shows how they are doing instead (issue 19).
 */
export async function expectReadyToInvest(page: Page) {
  await page.goto('/investor');
  await expect(page.getByRole('region', { name: 'How you are doing' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your account' })).toHaveCount(0);
}

import { expect, type Page } from '@playwright/test';
import { clearToasts } from './lifecycle';

/** A 1×1 PNG: a team member's photo, a cover image. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export interface DraftDetails {
  name: string;
  company?: string;
  target?: string;
  maximum?: string;
  minimum?: string;
  sharePrice?: string;
  /** YYYY-MM-DD */
  closingDate?: string;
  taxRelief?: 'EIS' | 'SEIS' | 'None';
}

/** A date a number of days from today, as the date inputs take it. */
export const daysFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Staff create a draft through /admin/investments/opportunities/new-opportunity; it opens on its edit page.
 * Answers its id.
 */
export async function createDraft(page: Page, details: DraftDetails): Promise<number> {
  await page.goto('/admin/investments/opportunities/new-opportunity');
  const form = page.getByRole('form', { name: 'New opportunity' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  await form.getByLabel('Name', { exact: true }).fill(details.name);
  await form.getByLabel('Company', { exact: true }).fill(details.company ?? `${details.name} Ltd`);
  await form.getByLabel('Target raise').fill(details.target ?? '250000');
  await form.getByLabel('Maximum raise').fill(details.maximum ?? '400000');
  await form.getByLabel('Minimum investment').fill(details.minimum ?? '1000');
  await form.getByLabel('Share price').fill(details.sharePrice ?? '1.25');
  await form.getByRole('combobox', { name: 'Tax relief' }).click();
  await page.getByRole('option', { name: details.taxRelief ?? 'EIS', exact: true }).click();
  await form.getByLabel('Closing date').fill(details.closingDate ?? daysFromNow(60));
  await form.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/admin\/investments\/opportunities\/\d+\/edit$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(details.name);
  const id = /opportunities\/(\d+)\/edit/.exec(page.url())?.[1];
  if (!id) throw new Error('no opportunity id in the address');
  return Number(id);
}

/** Finds an opportunity in the list by its name and opens it (the page of its stage). */
export async function openFromList(page: Page, name: string) {
  await page.goto(`/admin/investments/opportunities?search=${encodeURIComponent(name)}`);
  const link = page.getByRole('table').getByRole('link', { name, exact: true });
  await expect(link).toBeVisible();
  // The list settles its address once loaded; a click that lands before that is made again.
  const onList = () => /\/admin\/investments\/opportunities\/?(\?.*)?$/.test(page.url());
  await expect(async () => {
    if (onList()) await link.click({ timeout: 5_000 });
    expect(onList()).toBe(false);
  }).toPass({ timeout: 30_000, intervals: [1_000, 2_000, 5_000] });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name, { timeout: 30_000 });
}

/** Adds an item to a content section through its "Add …" button and dialog. */
async function addItem(
  page: Page,
  section: string,
  button: string,
  fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  const region = page.getByRole('region', { name: section });
  await region.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await fill(dialog);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

export interface Content {
  keyPoint?: string;
  teamMember?: { name: string; role: string; bio: string; withPhoto?: boolean };
  faq?: { question: string; answer: string };
  /** a public document's file name (a PDF) */
  publicDocument?: string;
}

/** Fills an opportunity's page on its edit or details page: a key point, a team member, an FAQ, a document. */
export async function fillContent(page: Page, content: Content) {
  if (content.keyPoint) {
    const text = content.keyPoint;
    await addItem(page, 'Key points', 'Add key point', (dialog) => dialog.getByLabel('Key point').fill(text));
    await expect(page.getByRole('region', { name: 'Key points' }).getByText(text)).toBeVisible();
  }
  if (content.teamMember) {
    const member = content.teamMember;
    await addItem(page, 'Team', 'Add team member', async (dialog) => {
      await dialog.getByLabel('Name').fill(member.name);
      await dialog.getByLabel('Role').fill(member.role);
      await dialog.getByLabel('Biography').fill(member.bio);
      if (member.withPhoto)
        await dialog
          .locator('input[type="file"]')
          .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG_1PX });
    });
    await expect(page.getByRole('region', { name: 'Team' }).getByText(member.name)).toBeVisible();
  }
  if (content.faq) {
    const faq = content.faq;
    await addItem(page, 'FAQs', 'Add question', async (dialog) => {
      await dialog.getByLabel('Question').fill(faq.question);
      await dialog.getByLabel('Answer').fill(faq.answer);
    });
    await expect(page.getByRole('region', { name: 'FAQs' }).getByText(faq.question)).toBeVisible();
  }
  if (content.publicDocument) {
    const name = content.publicDocument;
    await page.getByLabel('Choose files').setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('radio', { name: 'Public' }).check();
    await page.getByRole('button', { name: 'Upload 1 file' }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  }
}

/** Opens the preview from the opportunity's page: the investor's view under a "Preview" banner. */
export async function previewOpportunity(page: Page) {
  await clearToasts(page);
  await page.getByRole('link', { name: 'Preview' }).click();
  await expect(page).toHaveURL(/\/details\/preview$/);
  await expect(page.getByRole('status').filter({ hasText: 'Preview' })).toBeVisible();
}

/**
 * On an opportunity's page: uploads a public PDF filed under a category. An opportunity goes live only
 * with its information memorandum, and, when investors accept terms, its investment terms (issue 18).
 */
export async function uploadPublicDocument(page: Page, name: string, category: string) {
  await page.getByLabel('Choose files').setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('radio', { name: 'Public' }).check();
  // The uploader's category box (the opportunity's own Category is a field of its details form).
  await page.getByPlaceholder('e.g. Identity').fill(category);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
}

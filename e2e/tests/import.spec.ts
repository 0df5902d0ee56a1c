import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, logIn } from './support/session';

/** A thousand investors with this run's emails; the 100th has a bad email, the 501st no surname. */
function thousandRows(stamp: string): string {
  const lines = ['First name,Last name,Email,Phone'];
  for (let index = 1; index <= 1000; index += 1) {
    const email = index === 100 ? `not-an-email-${stamp}` : `imp${index}-${stamp}@example.test`;
    const last = index === 501 ? '' : `Imported${stamp}`;
    lines.push(`Person${index},${last},${email},+44 7700 900${String(index % 1000).padStart(3, '0')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The heading row is row 1, as a spreadsheet numbers them: line 100 is row 101, line 501 row 502. */
const BAD_ROWS = ['101', '502'];

/** From the list page: open the wizard, upload the file and accept the suggested columns. */
async function uploadAndPreview(page: Page, file: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import investors' });
  await expect(dialog.getByRole('heading', { name: 'Choose a file' })).toBeVisible();
  await dialog.getByLabel('Choose files').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload and continue' }).click();

  await expect(dialog.getByRole('heading', { name: /^Match the columns/ })).toBeVisible();
  // The server's suggestion, accepted as it is.
  await expect(dialog.getByRole('combobox', { name: 'First name' })).toHaveValue('First name');
  await expect(dialog.getByRole('combobox', { name: 'Last name' })).toHaveValue('Last name');
  await expect(dialog.getByRole('combobox', { name: 'Email' })).toHaveValue('Email');
  await dialog.getByRole('button', { name: 'Preview the rows' }).click();
  await expect(dialog.getByRole('heading', { name: /^Check the rows/ })).toBeVisible();
  // The server checks every row against the database first: seconds for a thousand on the embedded one.
  await expect(dialog.getByRole('group', { name: 'What the import will do' })).toBeVisible({
    timeout: 120_000,
  });
  return dialog;
}

async function runImport(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Import 998 rows' }).click();
  // The bar follows the server's count of rows done, read every second.
  const bar = dialog.getByRole('progressbar', { name: 'Import progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(bar).not.toHaveAttribute('aria-valuenow', '0', { timeout: 120_000 });
  await expect(dialog.getByText('Import finished')).toBeVisible({ timeout: 240_000 });
}

test('staff import 1,000 investors from a CSV file: two bad rows reported, the rest written once', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const stamp = Date.now().toString(36);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portico-import-'));
  const file = path.join(folder, `investors-${stamp}.csv`);
  await writeFile(file, thousandRows(stamp));
  try {
    await logIn(page, ADMIN);
    await page.goto('/admin/investors');

    const dialog = await uploadAndPreview(page, file);
    const counts = dialog.getByRole('group', { name: 'What the import will do' });
    await expect(counts).toContainText(/Valid\s*998/);
    await expect(counts).toContainText(/With errors\s*2/);
    await expect(counts).toContainText(/New\s*998/);
    await dialog.getByText('Rows with errors (2)').click();
    const errors = dialog.getByRole('table', { name: /Rows with errors/ });
    await expect(errors.getByRole('rowheader')).toHaveText(BAD_ROWS);
    await expect(errors.getByRole('row').filter({ hasText: 'not-an-email' })).toContainText(
      'Email: The email field must be a valid email address.',
    );
    await expect(errors.getByRole('row').filter({ hasText: 'Person501' })).toContainText(
      'Last name: The last name field is required.',
    );

    await runImport(dialog);
    await expect(dialog).toContainText('998 created, 0 updated, 2 failed.');
    const failures = dialog.getByRole('table', { name: 'Rows not imported' });
    await expect(failures.getByRole('rowheader')).toHaveText(BAD_ROWS);
    await expect(failures).toContainText('Email: The email field must be a valid email address.');
    await expect(failures).toContainText('Last name: The last name field is required.');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // One of them is on the list now, found by its email; the bad rows were not written at all.
    const search = page.getByLabel('Search', { exact: true });
    await search.fill(`imp7-${stamp}@example.test`);
    await expect(page.getByRole('link', { name: `Person7 Imported${stamp}` })).toBeVisible();
    await search.fill(`imp501-${stamp}@example.test`);
    await expect(page.getByRole('link', { name: /^Person501/ })).toHaveCount(0);
    await expect(page.getByText('No investors match')).toBeVisible();

    // The same file again: its preview matches every good row on email, to be updated, none new. The
    // run itself (nothing duplicated) is covered by the server's import tests; here the window closes.
    const again = await uploadAndPreview(page, file);
    const secondCounts = again.getByRole('group', { name: 'What the import will do' });
    await expect(secondCounts).toContainText(/Valid\s*998/);
    await expect(secondCounts).toContainText(/New\s*0/);
    await expect(secondCounts).toContainText(/Updates\s*998/);
    const rows = again.getByRole('table', { name: /Rows of the file/ });
    await expect(rows.getByRole('row').filter({ hasText: `imp7-${stamp}@example.test` })).toContainText(
      'Update',
    );
    await again.getByRole('button', { name: 'Close the import' }).click();
    await expect(again).toBeHidden();
    await search.fill(`imp7-${stamp}@example.test`);
    await expect(page.getByRole('link', { name: `Person7 Imported${stamp}` })).toHaveCount(1);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

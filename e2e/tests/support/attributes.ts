import { expect, type Page } from '@playwright/test';

/** Settings → attributes → industries: adds an industry at the end of the list. */
export async function addIndustry(page: Page, name: string) {
  await page.goto('/admin/settings/attributes/industries');
  await page.getByRole('button', { name: 'Add industry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an industry' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Add industry' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
}

/** Renames an industry of the open list through its actions menu. */
export async function renameIndustry(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: `Actions for ${from}` }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename industry' });
  await dialog.getByLabel('Name').fill(to);
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: to, exact: true })).toBeVisible();
}

/** The names of the open list, in their order. */
export async function listedNames(page: Page): Promise<string[]> {
  const table = page.getByRole('table');
  // Loaded rows, not the loading skeleton: each has its move buttons.
  await expect(table.getByRole('button', { name: /^Move .+ down$/ }).first()).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent?.trim() ?? ''));
}

/** Moves an entry of the open list one place up and waits for the list to show it there. */
export async function moveUp(page: Page, name: string) {
  const before = await listedNames(page);
  const index = before.indexOf(name);
  if (index < 1) throw new Error(`${name} cannot move up from ${index}`);
  const expected = [...before];
  expected.splice(index - 1, 2, name, before[index - 1] ?? '');
  await page.getByRole('button', { name: `Move ${name} up` }).click();
  await expect.poll(() => listedNames(page)).toEqual(expected);
}

/** Deletes an entry of the open list after confirming. */
export async function deleteEntry(page: Page, name: string, noun = 'industry') {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${noun}` });
  await dialog.getByRole('button', { name: `Delete ${noun}` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);
}

/**
 * Settings → attributes → New attribute: a select attribute of investors with its options, in order.
 * Ends on the attribute's configure page.
 */
export async function defineInvestorSelect(page: Page, name: string, options: readonly string[]) {
  await page.goto('/admin/settings/attributes');
  await page.getByRole('button', { name: 'New attribute' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/attributes\/configure\/new$/);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('combobox', { name: 'Applies to' }).click();
  await page.getByRole('option', { name: 'Investors' }).click();
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'One choice from a list' }).click();
  for (const [index, option] of options.entries()) {
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByRole('textbox', { name: `Option ${index + 1}` }).fill(option);
  }
  await page.getByRole('button', { name: 'Add attribute' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/attributes\/configure\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** On an investor's details page: sets one select attribute and waits for its value to show. */
export async function setInvestorSelect(page: Page, investorId: number, attribute: string, option: string) {
  await page.goto(`/admin/investors/${investorId}/details`);
  const section = page.getByRole('region', { name: 'Attributes' });
  await section.getByRole('button', { name: 'Edit attributes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Attributes' });
  await dialog.getByRole('combobox', { name: attribute }).click();
  await page.getByRole('option', { name: option }).click();
  await dialog.getByRole('button', { name: 'Save attributes' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText(option, { exact: true })).toBeVisible();
}

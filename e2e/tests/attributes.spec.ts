import { expect, test } from '@playwright/test';
import {
  addIndustry,
  defineInvestorSelect,
  deleteEntry,
  listedNames,
  moveUp,
  renameIndustry,
  setInvestorSelect,
} from './support/attributes';
import { investorIdByEmail } from './support/records';
import { logIn } from './support/session';

// Each test walks several pages and saves; on a busy machine a minute is not always enough.
test.describe.configure({ timeout: 180_000 });

test('staff keep the industries list: add, rename, reorder and delete', async ({ page }) => {
  await logIn(page, 'admin@portico.test');
  await page.goto('/admin/settings/attributes');
  await page.getByRole('link', { name: 'Industries' }).first().click();
  await expect(page).toHaveURL(/\/admin\/settings\/attributes\/industries$/);
  // The demo's industries, in order.
  expect((await listedNames(page)).slice(0, 3)).toEqual(['Fintech', 'Healthtech', 'Climate & Energy']);

  await addIndustry(page, 'Spacetech');
  expect((await listedNames(page)).at(-1)).toBe('Spacetech');
  await renameIndustry(page, 'Spacetech', 'Space & Defence');
  await moveUp(page, 'Space & Defence');
  // The order is the server's: it holds after a reload.
  await page.reload();
  const names = await listedNames(page);
  expect(names.indexOf('Space & Defence')).toBe(names.length - 2);
  await deleteEntry(page, 'Space & Defence');
});

test('staff define a select attribute for investors and set it on an investor, in the activity', async ({
  page,
}) => {
  await logIn(page, 'admin@portico.test');
  const name = `Risk appetite ${Date.now().toString(36)}`;
  await defineInvestorSelect(page, name, ['Cautious', 'Balanced', 'Adventurous']);
  const investorId = await investorIdByEmail(page, 'investor@portico.test');
  await setInvestorSelect(page, investorId, name, 'Balanced');
  await expect(page.getByText(`Attributes set: ${name} “Balanced”`)).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { investorIdByEmail } from './support/records';
import { ADMIN, logIn } from './support/session';

for (const width of [320, 390]) {
  test(`on a ${width} px phone the investor header keeps Log out on screen, and it works`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 740 });
    await logIn(page, 'investor@portico.test');
    await page.goto('/investor');
    const logout = page.locator('header').getByRole('link', { name: 'Log out' }).filter({ visible: true });
    await expect(logout).toHaveCount(1);
    await expect(logout).toBeInViewport({ ratio: 1 });
    const box = await logout.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(width);
    // Nothing pushes the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // The navigation drawer offers it too.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer.getByRole('link', { name: 'Log out' })).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await logout.click();
    await expect(page).toHaveURL(/\/login/);
  });
}

test('at 1440 px every tab of an investor record is on screen, none hidden past the edge', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, ADMIN);
  const id = await investorIdByEmail(page, 'investor@portico.test');
  await page.goto(`/admin/investors/${id}`);
  const bar = page.getByRole('navigation', { name: /sections$/ });
  const tabs = bar.getByRole('link');
  await expect(tabs).toHaveCount(10);
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
  await expect(bar.getByRole('link', { name: 'Risk Profile' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Investor Consent' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Transactions' })).toBeVisible();
  // The bar does not scroll: what does not fit goes to a second row.
  expect(await bar.evaluate((nav) => nav.scrollWidth - nav.clientWidth)).toBe(0);
  await bar.getByRole('link', { name: 'Investor Consent' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/investors/${id}/details/consent$`));
});

test('at 1280 px the opportunities list shows its seven columns without scrolling sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, ADMIN);
  await page.goto('/admin/investments/opportunities');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveCount(7);
  await expect(table.getByRole('columnheader', { name: /Closing date/ })).toBeInViewport({ ratio: 1 });
  // The table's scroll container has nothing to scroll.
  const scroller = table.locator('xpath=..');
  expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
});

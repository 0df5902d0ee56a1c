import { expect, test } from '@playwright/test';
import { logInThroughForm } from './support/session';

/**
 * Spec §2.3: after login, staff land on their first permitted admin screen and investors on /investor.
 * The menu's order: Overview (overview.index: Super Admin, Support, Investment Committee), Investors
 * (investors.index: also Creator, Investment Manager, Fund Manager and Adviser), then Settings, where
 * Security is open to every staff role.
 */
const LANDINGS: Array<[email: string, path: string, menu: string[]]> = [
  ['admin@portico.test', '/admin', ['Overview', 'Investors', 'Admin accounts', 'Security']],
  ['support@portico.test', '/admin', ['Overview', 'Investors', 'Admin accounts', 'Security']],
  ['committee@portico.test', '/admin', ['Overview', 'Investors', 'Security']],
  // Issue 10: their first permitted screens are investment screens (investment-roles.spec.ts).
  ['entrepreneur@portico.test', '/admin/investments/deals', ['Deals', 'Opportunities', 'Security']],
  ['custodian@portico.test', '/admin/investments/opportunities', ['Opportunities', 'Security']],
  // Decision 027: the Custodian's opportunities, and investors index/create.
  ['creator@portico.test', '/admin/investors', ['Investors', 'Opportunities', 'Security']],
  ['manager@portico.test', '/admin/investors', ['Investors', 'Security']],
  ['fundmanager@portico.test', '/admin/investors', ['Investors', 'Security']],
  ['adviser@portico.test', '/admin/investors', ['Investors', 'Security']],
  ['investor@portico.test', '/investor', []],
  ['investor2@portico.test', '/investor', []],
];

for (const [email, path, menu] of LANDINGS) {
  test(`${email} lands on ${path}`, async ({ page }) => {
    await logInThroughForm(page, email);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    if (path.startsWith('/admin')) {
      const navigation = page.getByRole('navigation', { name: /admin/i });
      for (const label of menu)
        await expect(navigation.getByRole('link', { name: label, exact: true }).first()).toBeVisible();
      if (!menu.includes('Overview'))
        await expect(navigation.getByRole('link', { name: 'Overview' })).toHaveCount(0);
      if (!menu.includes('Investors'))
        await expect(navigation.getByRole('link', { name: 'Investors', exact: true })).toHaveCount(0);
      if (!menu.includes('Admin accounts'))
        await expect(navigation.getByRole('link', { name: 'Admin accounts' })).toHaveCount(0);
    } else {
      const firstName = email === 'investor@portico.test' ? 'Olivia' : 'James';
      await expect(page.getByRole('heading', { level: 1 })).toContainText(firstName);
    }
  });
}

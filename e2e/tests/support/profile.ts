import { expect, type Browser, type Page } from '@playwright/test';
import { ADMIN, api, signInThroughApi } from './session';

/** Chooses an option of a searchable select (the country pickers) by typing part of its name. */
export async function pickOption(page: Page, label: string, search: string, option: string) {
  const field = page.getByRole('combobox', { name: label });
  await expect(field).toHaveAttribute('placeholder', 'Search for a country');
  await field.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(field).toHaveValue(option);
}

export interface ProfileDetails {
  firstName?: string;
  lastName?: string;
  phone?: string;
  dateOfBirth?: string;
  addressLine1?: string;
  city?: string;
  postcode?: string;
  /** country names as the picker shows them: "United Kingdom" */
  country?: string;
  nationality?: string;
}

/** Opens Profile → My details, fills what is given, saves, and waits for the confirmation. */
export async function fillProfileDetails(page: Page, details: ProfileDetails) {
  await page.goto('/investor/profile/details');
  await expect(page.getByRole('textbox', { name: 'First name' })).toBeVisible();
  const fill = async (label: string, value: string | undefined) => {
    if (value !== undefined) await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  };
  await fill('First name', details.firstName);
  await fill('Last name', details.lastName);
  await fill('Phone', details.phone);
  await fill('Date of birth', details.dateOfBirth);
  await fill('Address line 1', details.addressLine1);
  await fill('Town or city', details.city);
  await fill('Postcode', details.postcode);
  if (details.nationality)
    await pickOption(page, 'Nationality', details.nationality.slice(0, 5), details.nationality);
  if (details.country) await pickOption(page, 'Country', details.country.slice(0, 5), details.country);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your details are up to date.')).toBeVisible();
}

/** Profile → Client type: chooses one and, for a business or sole trader, its trading name and number. */
export async function chooseClientType(
  page: Page,
  type: 'Business' | 'Organisation' | 'Sole trader',
  trading?: { name: string; number?: string },
) {
  await page.goto('/investor/profile/type');
  await page.getByRole('radio', { name: new RegExp(`^${type}`) }).check();
  if (trading) {
    await page.getByRole('textbox', { name: 'Trading name' }).fill(trading.name);
    if (trading.number)
      await page.getByRole('textbox', { name: /^(Company|Registration) number$/ }).fill(trading.number);
  }
  await page.getByRole('button', { name: 'Save client type' }).click();
  await expect(page.getByText(`You invest as: ${type}.`)).toBeVisible();
}

export interface Membership {
  plan: string;
  status?: 'Active' | 'Trial' | 'Lapsed' | 'Cancelled';
  startedAt?: string;
  renewsAt?: string;
  amount?: string;
}

/** Staff (signed in on `page`) set an investor's membership on their record's details. */
export async function setMembership(page: Page, investorId: number, membership: Membership) {
  await page.goto(`/admin/investors/${investorId}/details`);
  const section = page.getByRole('region', { name: 'Membership' });
  await section.getByRole('button', { name: /^(Set|Change) membership$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Membership' });
  await dialog.getByRole('textbox', { name: 'Plan' }).fill(membership.plan);
  if (membership.status) {
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: membership.status, exact: true }).click();
  }
  if (membership.startedAt) await dialog.getByRole('textbox', { name: 'Started' }).fill(membership.startedAt);
  if (membership.renewsAt) await dialog.getByRole('textbox', { name: 'Renews' }).fill(membership.renewsAt);
  if (membership.amount) await dialog.getByRole('textbox', { name: 'Amount' }).fill(membership.amount);
  await dialog.getByRole('button', { name: 'Save membership' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText(membership.plan)).toBeVisible();
}

/** The investor's Profile → Membership view shows the plan. */
export async function expectMembership(page: Page, plan: string, status = 'Active') {
  await page.goto('/investor/profile/subscription');
  const view = page.getByRole('region', { name: 'Membership' });
  await expect(view.getByText(plan)).toBeVisible();
  await expect(view.getByText(status, { exact: true })).toBeVisible();
}

/** Sends the Contact us form from the profile's overview and waits for the confirmation. */
export async function contactSupport(page: Page, subject: string, message: string) {
  await page.goto('/investor/profile/view');
  await page.getByRole('button', { name: 'Contact us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact us' });
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByRole('textbox', { name: 'Message' }).fill(message);
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(dialog.getByText(/sent to our support team/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
}

/** A mail to `to` with `subject` is in the outbox (read through its API with an admin session of its own). */
export async function expectMailInOutbox(browser: Browser, to: string, subject: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signInThroughApi(page, ADMIN);
    const query = `/api/mail-outbox?filter[to]=${encodeURIComponent(to)}&filter[subject]=${encodeURIComponent(subject)}`;
    await expect
      .poll(async () => ((await api(page, 'GET', query)) as { data: unknown[] }).data.length)
      .toBeGreaterThan(0);
  } finally {
    await context.close();
  }
}

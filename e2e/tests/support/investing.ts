import { expect, type Browser, type Page } from '@playwright/test';
import { appropriatenessAnswerKey, passAppropriatenessTest } from './appropriateness';
import {
  categoriseAsRestricted,
  expectDocumentsApproved,
  staffApproveCategorisation,
  staffApproveDocuments,
  uploadRequiredDocuments,
} from './investor-profile';
import { decideIdentityCheck, expectReadyToInvest, submitIdentityEvidence } from './onboarding';
import { fillProfileDetails } from './profile';
import { investorIdByEmail } from './records';
import { ADMIN, api, logIn, registerVerifiedInvestor } from './session';

/** A demo Live - External opportunity (seed/opportunities-demo.ts): minimum £500, shares at £0.40. */
export const LIVE_EXTERNAL = {
  slug: 'kinfolk-health-seed',
  name: 'Kinfolk Health – Seed',
} as const;

export interface InvestingFigures {
  id: number;
  share_price: string;
  minimum_investment: string;
  remaining_amount: string | null;
}

/** What the invest step works with, as the server answers it to this investor (GET /api/profile/investing). */
export async function investingFigures(page: Page, slug: string): Promise<InvestingFigures> {
  const list = (await api(page, 'GET', `/api/opportunities?filter[slug]=${slug}`)) as {
    data: Array<{ id: number }>;
  };
  const id = list.data[0]?.id;
  if (id === undefined) throw new Error(`${slug} is not open to this investor`);
  const answer = (await api(page, 'GET', `/api/profile/investing/${id}`)) as {
    data: { opportunity: InvestingFigures };
  };
  return { ...answer.data.opportunity, id };
}

/** "1234.5" + "0.4" in pence, exactly (BigInt), as a money string. */
export function addMoney(a: string, b: string): string {
  const pence = (value: string) => {
    const [whole = '0', fraction = ''] = value.split('.');
    return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  };
  const total = pence(a) + pence(b);
  return `${total / 100n}.${String(total % 100n).padStart(2, '0')}`;
}

/** The investor's list: the opportunity's card, opened by its "View opportunity" link. */
export async function openOpportunityFromList(page: Page, name: string) {
  await page.goto('/investor');
  await page
    .getByRole('navigation', { name: 'Investor navigation' })
    .getByRole('link', { name: 'Investments' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Investments' })).toBeVisible();
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: 'View opportunity' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** From the opportunity's page through how it is held to the amount step. */
export async function startInvesting(page: Page, holding: RegExp = /In my own name/) {
  await page.getByRole('link', { name: 'Reserve An Allocation' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'How will you hold this investment?' }),
  ).toBeVisible();
  const option = page.getByRole('radio', { name: holding });
  await option.click();
  await expect(option).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'How much would you like to invest?' }),
  ).toBeVisible();
}

export const amountField = (page: Page) => page.getByRole('textbox', { name: /Amount to invest/ });

/**
 * Types the amount, reviews and confirms; answers the server's answer to POST /api/investments (status
 * and body) so the caller can check what it said.
 */
export async function confirmAmount(page: Page, amount: string) {
  await amountField(page).fill(amount);
  const terms = page.getByRole('checkbox', { name: /I have read and accept the investment terms/ });
  if ((await terms.count()) > 0 && !(await terms.isChecked())) await terms.check();
  await page.getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your investment' });
  await expect(dialog).toBeVisible();
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/api/investments') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Reserve An Allocation' }).click();
  const response = await answer;
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

/** The refusal's sentence for the amount, as the server wrote it, is on the field. */
export async function expectAmountRefused(
  page: Page,
  answer: { status: number; body: Record<string, unknown> },
) {
  expect(answer.status).toBe(422);
  const errors = answer.body.errors as Record<string, string[]> | undefined;
  const sentence = errors?.amount?.[0];
  expect(sentence, JSON.stringify(answer.body)).toBeTruthy();
  await expect(page.getByRole('dialog', { name: 'Confirm your investment' })).toBeHidden();
  await expect(amountField(page)).toHaveAccessibleDescription(new RegExp(escapeRegExp(sentence ?? '')));
  return sentence ?? '';
}

/** My Reserved Allocations on /investor/investments shows the commitment with its shares and amount. */
export async function expectReservedAllocation(page: Page, name: string, shares: string, amount: string) {
  await expect(page).toHaveURL(/\/investor\/investments\?reserved=\d+$/);
  await expect(page.getByText('Allocation reserved')).toBeVisible();
  const section = page.getByRole('region', { name: 'My Reserved Allocations' });
  const row = section.getByRole('listitem').filter({ hasText: name }).filter({ hasText: shares }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText(amount);
  await expect(row).toContainText('My Reserved Allocations');
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A new investor, registered and taken through every onboarding step (staff approving where they must),
 * ends ready to invest and has never invested. Answers their email.
 */
export async function registerReadyInvestor(page: Page, browser: Browser, name: string): Promise<string> {
  const { email } = await registerVerifiedInvestor(page, browser, name);
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  try {
    await logIn(staff, ADMIN);
    const id = await investorIdByEmail(staff, email);
    await fillProfileDetails(page, {
      dateOfBirth: '1979-06-02',
      addressLine1: '3 Castle Street',
      city: 'Edinburgh',
      postcode: 'EH2 3AH',
      nationality: 'United Kingdom',
      country: 'United Kingdom',
    });
    if ((await categoriseAsRestricted(page)) === 'pending') await staffApproveCategorisation(staff, id);
    await passAppropriatenessTest(page, await appropriatenessAnswerKey());
    await submitIdentityEvidence(page);
    await decideIdentityCheck(staff, id, 'Pass');
    const documents = await uploadRequiredDocuments(page);
    await staffApproveDocuments(staff, id, documents);
    await expectDocumentsApproved(page, documents);
    await expectReadyToInvest(page);
    return email;
  } finally {
    await staffContext.close();
  }
}

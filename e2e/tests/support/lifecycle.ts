import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { api, logIn } from './session';

/**
 * Steps of issue 10's lifecycle, reusable by the journey spec: moving an opportunity between statuses
 * from its page, inviting client groups and investors, and an investor's portal open beside, where the
 * invitation arrives live.
 */

/**
 * Waits for the toasts of earlier steps to close, the pointer moved away first. They stack over the page
 * header's actions (Change status, Preview), and while the pointer rests on any of them none closes
 * (Mantine pauses them all on hover): a click on an action under them was retried until the test timed out.
 */
export async function clearToasts(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
}

/** On an opportunity's page: Change status → the status → confirm. Waits for the move to be done. */
export async function transitionTo(page: Page, statusLabel: string) {
  await clearToasts(page);
  await page.getByRole('button', { name: 'Change status' }).click();
  await page.getByRole('menuitem', { name: statusLabel, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`to ${escapeRegExp(statusLabel)}\\?$`) });
  await dialog.getByRole('button', { name: `Move to ${statusLabel}` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Status changed').first()).toBeVisible();
}

/**
 * On an opportunity's page: Change status → the status → confirm, when the server refuses it; answers
 * what the dialog lists as missing, then closes it.
 */
export async function refusedTransition(page: Page, statusLabel: string): Promise<string[]> {
  await clearToasts(page);
  await page.getByRole('button', { name: 'Change status' }).click();
  await page.getByRole('menuitem', { name: statusLabel, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`to ${escapeRegExp(statusLabel)}\\?$`) });
  await dialog.getByRole('button', { name: `Move to ${statusLabel}` }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  const missing = await dialog
    .getByRole('list', { name: 'What is missing' })
    .getByRole('listitem')
    .allTextContents();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  return missing;
}

/** The Invitations section of an opportunity's page. */
export const invitationsSection = (page: Page) => page.getByRole('region', { name: 'Invitations' });

/** Invites a client group from the Invitations section; waits for it to be listed. */
export async function inviteGroup(page: Page, groupName: string) {
  const section = invitationsSection(page);
  await section.getByRole('button', { name: 'Invite client group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a client group' });
  await dialog.getByRole('combobox', { name: /Client group/ }).fill(groupName);
  await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(groupName)} \\(`) }).click();
  await dialog.getByRole('button', { name: 'Invite group' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    section.getByRole('table', { name: 'Invitations' }).getByText(groupName, { exact: true }),
  ).toBeVisible();
}

/** Invites one investor, found by name or email, from the Invitations section. */
export async function inviteInvestor(page: Page, search: string, name: string) {
  const section = invitationsSection(page);
  await section.getByRole('button', { name: 'Invite investor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite an investor' });
  await dialog.getByRole('combobox', { name: /Investor/ }).fill(search);
  await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(name)}`) }).click();
  await dialog.getByRole('button', { name: 'Invite investor' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    section.getByRole('table', { name: 'Invitations' }).getByText(name, { exact: true }),
  ).toBeVisible();
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

/**
 * An investor's portal in a browser context of their own, signed in on /investor with their notifications
 * read, so a new one shows on the bell. Close the context when done.
 */
export async function openInvestorPortal(
  browser: Browser,
  email: string,
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email);
  await api(page, 'POST', '/api/notifications/user/mark-read');
  await page.goto('/investor');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  return { page, context };
}

/**
 * Waits, without reloading, for the live notification of an invitation to the opportunity: the bell's
 * badge goes up and the panel shows the opportunity's name in bold.
 */
export async function expectLiveInvitation(page: Page, opportunityName: string) {
  await expect(bell(page)).toHaveAccessibleName(/^Notifications, \d+ unread$/, { timeout: 20_000 });
  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByRole('button', {
    name: new RegExp(`You have been invited to invest in ${escapeRegExp(opportunityName)}`),
  });
  await expect(item).toBeVisible();
  await expect(item.locator('strong')).toHaveText(opportunityName);
  await page.getByRole('button', { name: 'Close notifications' }).click();
}

/** Creates a client group through the list's New button; answers its page's address. */
export async function createClientGroup(page: Page, name: string, description = '') {
  await page.goto('/admin/investors/client-groups');
  await page.getByRole('link', { name: 'New client group' }).click();
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  if (description) await page.getByRole('textbox', { name: /^Description/ }).fill(description);
  await page.getByRole('button', { name: 'Add client group' }).click();
  await expect(page).toHaveURL(/\/admin\/investors\/client-groups\/\d+\/details$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return page.url();
}

/** On a client group's page: adds an investor found by name or email. */
export async function addGroupMember(page: Page, search: string, name: string) {
  await page.getByRole('button', { name: 'Add member' }).click();
  const dialog = page.getByRole('dialog', { name: /^Add a member to / });
  await dialog.getByRole('combobox', { name: /Investor/ }).fill(search);
  await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(name)}`) }).click();
  await dialog.getByRole('button', { name: 'Add member' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: /^Members of / }).getByRole('link', { name })).toBeVisible();
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Through the API: the public documents investors read before committing, which an opportunity needs to
 * go live (issue 18): its information memorandum and its investment terms.
 */
export async function attachReadingDocuments(page: Page, opportunityId: number) {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  for (const category of ['Information memorandum', 'Investment terms']) {
    const response = await page.request.post(`/api/opportunities/${opportunityId}/documents`, {
      headers: { 'x-xsrf-token': decodeURIComponent(xsrf), accept: 'application/json' },
      multipart: {
        files: {
          name: `${category}.pdf`,
          mimeType: 'application/pdf',
          buffer: Buffer.from(
            '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
          ),
        },
        visibility: 'public',
        category,
      },
    });
    if (!response.ok())
      throw new Error(`uploading the ${category} answered ${response.status()}: ${await response.text()}`);
  }
}

import { expect, test } from '@playwright/test';
import {
  boardColumn,
  createDeal,
  dealActivity,
  dragDealToStage,
  openBoard,
  PAGE_LOAD,
} from './support/deals';
import {
  expectLiveInvitation,
  inviteGroup,
  openInvestorPortal,
  refusedTransition,
  transitionTo,
} from './support/lifecycle';
import { daysFromNow, fillContent, uploadPublicDocument } from './support/opportunities';
import { logIn } from './support/session';

/**
 * Issue 10's "done when", in one journey: a deal is dragged across the board and converted into a draft
 * opportunity; the draft is refused going live while incomplete, completed, and published Live - Internal
 * to a client group, whose investor (investor@portico.test is in "Syndicate members") is notified live.
 */
test('a deal becomes an opportunity published to a client group, whose investor is notified live', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const name = `Kestrel Grid seed round ${Date.now()}`;
  await logIn(page, 'admin@portico.test');

  // The deal (new deals start in the first pipeline's first stage), dragged across the board; the move is
  // kept in its activity.
  const dealId = await createDeal(page, {
    company: 'Kestrel Grid Ltd',
    name,
    amount: '600000',
  });
  await openBoard(page, 'Venture deal flow');
  await dragDealToStage(page, name, 'Due diligence');
  await page.reload();
  await expect(boardColumn(page, 'Due diligence').locator(`li[data-deal="${name}"]`)).toBeVisible(PAGE_LOAD);
  await expect(
    (await dealActivity(page, dealId)).getByText('Moved from Sourced to Due diligence'),
  ).toBeVisible();

  // Converted into a draft carrying its name, company and amount sought.
  await page.getByRole('button', { name: 'Convert to opportunity' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Convert' }).click();
  await expect(page).toHaveURL(/\/admin\/investments\/opportunities\/\d+\/edit$/, PAGE_LOAD);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const details = page.getByRole('form', { name: 'Opportunity details' });
  await expect(details.getByLabel('Company', { exact: true })).toHaveValue('Kestrel Grid Ltd');
  await expect(details.getByLabel('Target raise')).toHaveValue(/^600000(\.00)?$/);

  // Incomplete: going live is refused, listing what is missing.
  const missing = await refusedTransition(page, 'Live - Internal');
  expect(missing.join(' ')).toMatch(/minimum investment/i);
  expect(missing.join(' ')).toMatch(/closing date/i);
  // Nor without what investors read before committing (issue 18).
  expect(missing.join(' ')).toMatch(/information memorandum/i);

  // Completed: the raise, the terms and the page's content.
  await details.getByLabel('Maximum raise').fill('900000');
  await details.getByLabel('Minimum investment').fill('2500');
  await details.getByLabel('Share price').fill('1.40');
  await details.getByRole('combobox', { name: 'Tax relief' }).click();
  await page.getByRole('option', { name: 'EIS', exact: true }).click();
  await details.getByLabel('Closing date').fill(daysFromNow(45));
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved').first()).toBeVisible();
  await fillContent(page, { keyPoint: 'Grid-scale storage contracts with two UK utilities' });
  await uploadPublicDocument(page, 'Kestrel Grid IM.pdf', 'Information memorandum');
  await uploadPublicDocument(page, 'Kestrel Grid terms.pdf', 'Investment terms');

  // Invited to a client group, then published Live - Internal: the group's investor hears at once.
  await inviteGroup(page, 'Syndicate members');
  const investor = await openInvestorPortal(browser, 'investor@portico.test');
  try {
    await transitionTo(page, 'Live - Internal');
    await expect(page).toHaveURL(/\/admin\/investments\/opportunities\/\d+\/details$/);
    await expectLiveInvitation(investor.page, name);
  } finally {
    await investor.context.close();
  }
});

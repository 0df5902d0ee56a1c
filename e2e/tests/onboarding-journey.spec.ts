import { expect, test } from '@playwright/test';
import {
  advanceServerClock,
  appropriatenessAnswerKey,
  failAppropriatenessTest,
  openAppropriatenessTest,
  passAppropriatenessTest,
} from './support/appropriateness';
import {
  categoriseAsRestricted,
  expectDocumentsApproved,
  staffApproveCategorisation,
  staffApproveDocuments,
  uploadRequiredDocuments,
} from './support/investor-profile';
import {
  decideIdentityCheck,
  expectChecklistStep,
  expectReadyToInvest,
  submitIdentityEvidence,
} from './support/onboarding';
import { fillProfileDetails } from './support/profile';
import { investorIdByEmail } from './support/records';
import { ADMIN, logIn, registerVerifiedInvestor, uniqueEmail } from './support/session';

const DAY_AND_A_MINUTE = 24 * 3600 + 60;

/**
 * Issue 9, done when: a newly registered investor goes from verifying their email through every step of
 * the checklist to "ready to invest", and staff see the evidence of each step on the investor's record.
 */
test('a new investor completes onboarding alone, with staff reviewing, and ends ready to invest', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000); // the longest journey: three people, every onboarding step
  const email = uniqueEmail('journey');
  await registerVerifiedInvestor(page, browser, 'Jade Journey', email);
  await expectChecklistStep(page, 'Verify your email address', 'done');
  await expectChecklistStep(page, 'Investor categorisation', 'to do');

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  try {
    await logIn(staff, ADMIN);
    const id = await investorIdByEmail(staff, email);

    // Details the identity check needs, given by the investor on Profile → My details.
    await fillProfileDetails(page, {
      dateOfBirth: '1984-03-21',
      addressLine1: '14 Queen Square',
      city: 'Bath',
      postcode: 'BA1 2HN',
      nationality: 'United Kingdom',
      country: 'United Kingdom',
    });

    // Categorisation: signed by the investor, approved by staff where the platform asks for it.
    if ((await categoriseAsRestricted(page)) === 'pending') {
      await expectChecklistStep(page, 'Investor categorisation', 'awaiting review');
      await staffApproveCategorisation(staff, id);
    }
    await expectChecklistStep(page, 'Investor categorisation', 'done');

    // The appropriateness test: a failure, the 24-hour wait shown, then a pass once the wait is over.
    const key = await appropriatenessAnswerKey();
    await openAppropriatenessTest(page);
    await failAppropriatenessTest(page, key);
    await expectChecklistStep(page, 'Appropriateness test', 'action needed');
    await advanceServerClock(page, DAY_AND_A_MINUTE);
    await passAppropriatenessTest(page, key);
    await expectChecklistStep(page, 'Appropriateness test', 'done');

    // Identity: evidence sent by the investor, passed by staff.
    await submitIdentityEvidence(page);
    await expectChecklistStep(page, 'Identity check', 'awaiting review');
    await decideIdentityCheck(staff, id, 'Pass');
    await expectChecklistStep(page, 'Identity check', 'done');

    // Sign-up documents: uploaded by the investor, approved by staff.
    const documents = await uploadRequiredDocuments(page);
    expect(documents.length).toBeGreaterThan(0);
    await expectChecklistStep(page, 'Documents', 'awaiting review');
    await staffApproveDocuments(staff, id, documents);
    await expectDocumentsApproved(page, documents);

    // Every step done (terms included): the checklist leaves the overview.
    await expectReadyToInvest(page);

    // Staff see the evidence of every step on the investor's record.
    await staff.goto(`/admin/investors/${id}/details`);
    const panel = staff.getByRole('region', { name: 'Onboarding' });
    await expect(panel).toBeVisible();
    for (const step of [
      'Verify your email address',
      'Investor categorisation',
      'Appropriateness test',
      'Identity check',
      'Documents',
      'Terms and conditions',
    ])
      await expect(panel.getByRole('listitem', { name: step })).toContainText('Done');
    await staff.goto(`/admin/investors/${id}/details/category`);
    await expect(staff.getByRole('heading', { name: 'Appropriateness test' })).toBeVisible();
    await expect(staff.getByText(/Failed/).first()).toBeVisible();
    await expect(staff.getByText(/Passed/).first()).toBeVisible();
  } finally {
    await staffContext.close();
  }
});

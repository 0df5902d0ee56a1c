import {
  CALL_OUTCOME_LABELS,
  ORGANISATION_ROLE_LABELS,
  type CallOutcome,
  type OrganisationRole,
} from '@portico/contracts';
import { complianceWords as words } from '../compliance/compliance.describe';
import { changedFields } from './activity-fields';

type Values = Record<string, unknown> | null;

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const changed = (values: Values) => `Details changed: ${changedFields(values) || 'no visible change'}`;
const quoted = (value: unknown) => (text(value) ? ` “${text(value)}”` : '');
const role = (value: unknown) =>
  ORGANISATION_ROLE_LABELS[text(value) as OrganisationRole]?.toLowerCase() ?? 'member';
/** "investor Jane Smith": an account's holder, as the snapshot keeps it. */
const holder = (value: unknown) => (text(value) ? ` for ${text(value)}` : '');

/** A sentence for each thing that can happen to a record, from its audit row. */
export function describeActivity(action: string, before: Values, after: Values): string {
  switch (action) {
    case 'user.registered':
      return 'Registered as an investor';
    case 'user.email_verified':
      return 'Verified their email address';
    case 'user.terms_accepted':
      return `Accepted the terms and conditions (version ${text(after?.accepted_terms_version)})`;
    case 'user.updated':
      return 'Changed their account settings';
    case 'user.password_changed':
      return 'Changed their password';
    case 'user.password_reset':
      return 'Reset their password with an emailed link';
    case 'user.invitation_accepted':
      return 'Accepted their invitation and set a password';
    case 'investor.created':
      return 'Added by staff';
    case 'investor.updated':
    case 'contact.updated':
    case 'organisation.updated':
    case 'nominee.updated':
    case 'investment_method.updated':
      return changed(after);
    case 'contact.created':
    case 'organisation.created':
    case 'nominee.created':
    case 'investment_method.created':
      return 'Added';
    case 'contact.converted':
      return `Registered as an investor${text(after?.investor) ? `: ${text(after?.investor)}` : ''}`;
    case 'organisation.member_added':
      return `${text(after?.name)} linked as ${role(after?.role)}`;
    case 'organisation.member_updated':
      return `${text(after?.name)}’s role changed to ${role(after?.role)}`;
    case 'organisation.member_removed':
      return `${text(before?.name)} unlinked`;
    case 'organisation_application.submitted':
      return after?.kind === 'create'
        ? `Applied to add the organisation ${text(after.organisation)}`
        : `Applied to join ${text(after?.organisation)} as ${role(after?.role)}`;
    case 'organisation_application.approved':
      return `Application to ${text(after?.organisation)} approved`;
    case 'organisation_application.rejected':
      return `Application to ${text(after?.organisation)} rejected: ${text(after?.reason)}`;
    case 'nominee.client_added':
      return `${text(after?.name)} added as a client`;
    case 'nominee.client_removed':
      return `${text(before?.name)} removed as a client`;
    case 'investment_method.entity_added':
      return `Account${quoted(after?.name)} added${holder(after?.holder)}`;
    case 'investment_method.entity_updated':
      return `An account’s details changed: ${changedFields(after) || 'no visible change'}`;
    case 'investment_method.entity_removed':
      return `Account${quoted(before?.name)} removed${holder(before?.holder)}`;
    case 'investor.email_change_requested':
      return `Asked to change their email address to ${text(after?.pending_email)}`;
    case 'investor.email_changed':
      return `Email address changed from ${text(before?.email)} to ${text(after?.email)} (confirmed from the new address)`;
    case 'investor.subscription_created':
      return `Membership set: ${text(after?.plan_name)} (${text(after?.status)})`;
    case 'investor.subscription_updated':
      return `Membership changed: ${changedFields(after) || 'no visible change'}`;
    case 'user.support_contacted':
      return `Contacted support: “${text(after?.subject)}”`;
    case 'investor.deactivated':
      return 'Deactivated: can no longer sign in';
    case 'investor.restored':
      return 'Reactivated';
    case 'investor.password_reset_sent':
      return 'Sent a password reset link';
    case 'investor.invitation_sent':
      return 'Sent the invitation again';
    case 'document.uploaded':
      return `Uploaded ${text(after?.name)} (${text(after?.visibility)})`;
    case 'document.updated':
      return `Changed the document ${text(after?.name)} (${text(after?.visibility)})`;
    case 'document.deleted':
      return `Deleted the document ${text(before?.name)}`;
    case 'note.added':
      return 'Added a note';
    case 'note.updated':
      return 'Edited a note';
    case 'note.deleted':
      return 'Deleted a note';
    case 'call.logged': {
      const outcome = CALL_OUTCOME_LABELS[text(after?.outcome) as CallOutcome] ?? text(after?.outcome);
      const minutes = Number(after?.duration_minutes ?? 0);
      // An unanswered call has no length worth telling.
      return minutes > 0 ? `Logged a call: ${outcome}, ${minutes} min` : `Logged a call: ${outcome}`;
    }
    case 'call.deleted':
      return 'Deleted a logged call';
    case 'task.created':
      return `Created the task “${text(after?.title)}”`;
    case 'task.completed':
      return `Completed the task “${text(before?.title)}”`;
    case 'task.reopened':
      return `Reopened the task “${text(before?.title)}”`;
    case 'task.updated':
      return `Changed the task “${text(before?.title)}”`;
    case 'task.deleted':
      return `Deleted the task “${text(before?.title)}”`;
    case 'categorisation.recorded':
      return after?.status === 'pending'
        ? `Signed the ${words.categoryName(after.category)} statement (${text(after.statement_version)}): awaiting approval`
        : `Categorised as ${words.category(after?.category)} (statement ${text(after?.statement_version)})`;
    case 'categorisation.approved':
      return `Categorisation as ${words.category(after?.category)} approved (statement ${text(after?.statement_version)})`;
    case 'categorisation.rejected':
      return `Categorisation as ${words.category(after?.category)} rejected: ${text(after?.reason)}`;
    case 'questionnaire.saved':
      return after?.form === 'risk_profile' && after.score !== undefined
        ? `Risk profile updated: ${words.riskBand(after.risk_band)} (score ${text(after.score)})`
        : `${words.form(after?.form)} updated`;
    case 'consent.recorded':
      return `Consent to ${words.consent(after?.kind)} ${after?.given === true ? 'given' : 'withdrawn'}`;
    case 'onboarding_document.submitted':
      return `Submitted ${text(after?.requirement)} for review`;
    case 'onboarding_document.approved':
      return `${text(after?.requirement)} approved`;
    case 'onboarding_document.rejected':
      return `${text(after?.requirement)} rejected: ${text(after?.reason)}`;
    case 'compliance_test.passed':
      return `Passed the appropriateness test (${text(after?.score)} of ${text(after?.total)} correct)`;
    case 'compliance_test.failed':
      return `Failed the appropriateness test (${text(after?.score)} of ${text(after?.total)} correct; try ${text(after?.tries_used)} of ${after?.tries_allowed === 9999 ? 'unlimited' : text(after?.tries_allowed)})`;
    case 'onboarding_requirement.created':
      return `Added the sign-up document “${text(after?.name)}”`;
    case 'onboarding_requirement.updated':
      return `Changed the sign-up document “${text(after?.name)}”`;
    case 'onboarding_requirement.deleted':
      return `Deleted the sign-up document “${text(before?.name)}”`;
    case 'onboarding_requirement.reordered':
      return 'Reordered the sign-up documents';
    case 'signature_request.created':
      return `Sent “${text(after?.title)}” for signature`;
    case 'signature_request.signed':
      return `Signed “${text(after?.title)}”`;
    case 'signature_request.cancelled':
      return `Cancelled the signature request for “${text(after?.title)}”`;
    case 'screening.submitted':
      return 'Sent identity evidence for screening';
    case 'screening.passed':
      return 'Identity check passed';
    case 'screening.failed':
      return `Identity check failed: ${text(after?.reason)}`;
    case 'screening.referred':
      return `Identity check referred: ${text(after?.reason)}`;
    case 'email.sent':
      return `Email: ${text(after?.subject)}`;
    default:
      return action.replace(/[._]/g, ' ').replace(/^\w/, (letter) => letter.toUpperCase());
  }
}

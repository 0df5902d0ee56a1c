import {
  CALL_OUTCOME_LABELS,
  FUND_COMPANY_STATUS_LABELS,
  FUND_COMPANY_TRANSACTION_KIND_LABELS,
  MARKET_SOUNDING_RESPONSES,
  ORGANISATION_ROLE_LABELS,
  ROLE_NAMES,
  type CallOutcome,
  type MarketSoundingResponse,
  type OrganisationRole,
} from '@portico/contracts';
import { longDate } from '../../platform/dates';
import { formatAmount, formatPrice, formatShareCount } from '../../platform/money';
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

/** The name of a reference the snapshot keeps ({ id, name }). */
const nameOf = (value: unknown) =>
  value !== null && typeof value === 'object' && 'name' in value ? text(value.name) : '';
/** An opportunity's content section as a sentence names one of its items. */
const SECTION_NOUNS: Record<string, string> = {
  key_points: 'Key point',
  key_dates: 'Key date',
  team_members: 'Team member',
  gallery: 'Gallery image',
  faqs: 'FAQ',
};
const sectionNoun = (value: unknown) => SECTION_NOUNS[text(value)] ?? 'Content';
/** "Jane Smith, Abe Client and 3 more" */
function names(value: unknown, shown = 3): string {
  const list = Array.isArray(value) ? value.map(text).filter(Boolean) : [];
  if (list.length <= shown) return list.join(', ');
  return `${list.slice(0, shown).join(', ')} and ${list.length - shown} more`;
}
const count = (value: unknown, noun: string) => {
  const n = Number(value ?? 0);
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
};
/** "Jane Smith and the client groups Syndicate members, Family office partners" */
/**
 * Who was invited, in an opportunity's activity: investors counted, not named (the activity is read by
 * roles without the `investors` right, spec §6), client groups by name.
 */
function invitees(after: Values): string {
  const people = Array.isArray(after?.investors) ? after.investors : [];
  const groups = Array.isArray(after?.client_groups) ? after.client_groups : [];
  const parts = [
    ...(people.length > 0 ? [count(people.length, 'investor')] : []),
    ...(groups.length > 0 ? [`the client group${groups.length === 1 ? '' : 's'} ${names(groups)}`] : []),
  ];
  return parts.join(' and ');
}

/** A fund-investment company's transaction kind or status, as its label. */
const fundCompanyKind = (value: unknown) =>
  (FUND_COMPANY_TRANSACTION_KIND_LABELS as Record<string, string>)[text(value)] ?? 'Transaction';
const fundCompanyStatus = (value: unknown) =>
  ((FUND_COMPANY_STATUS_LABELS as Record<string, string>)[text(value)] ?? text(value)).toLowerCase();

/** "£1,500.00" / "€1,500.00" from an audit snapshot's decimal string (empty when absent). */
const amountIn = (value: unknown, currency: string) =>
  text(value) ? formatAmount(text(value), currency) : '';
/**
 * The currency a money audit row was recorded in (the opportunity's); rows written before currencies
 * were recorded are in pounds.
 */
const currencyOf = (before: Values, after: Values) =>
  text(after?.currency) || text(before?.currency) || 'GBP';
/** "12 December 2026" from "2026-12-12" (as it is when not a date). */
const day = (value: unknown) =>
  /^\d{4}-\d{2}-\d{2}/.test(text(value)) ? longDate(text(value)) : text(value);
/**
 * The other side of an investment, as each record's activity names it: the investor on the
 * opportunity's, the opportunity on the investor's.
 */
const party = (action: string, after: Values) =>
  action.startsWith('opportunity.')
    ? text(after?.investor)
      ? ` by ${text(after?.investor)}`
      : ''
    : text(after?.opportunity)
      ? ` in ${text(after?.opportunity)}`
      : '';
const from = (action: string, after: Values) =>
  action.startsWith('opportunity.')
    ? text(after?.investor)
      ? ` from ${text(after?.investor)}`
      : ''
    : text(after?.opportunity)
      ? ` for ${text(after?.opportunity)}`
      : '';
const HOLDING_WORDS: Record<string, string> = {
  follow_on: 'Follow-on',
  exit: 'Exit',
  dividend: 'Dividend',
};
const PRICE_KINDS: Record<string, string> = { round: 'round', valuation: 'valuation', exit: 'exit' };
const priceWords = (values: Values, currency = 'GBP') =>
  `${text(values?.price) ? formatPrice(text(values?.price), currency) : 'A share price'} (${PRICE_KINDS[text(values?.kind)] ?? 'price'}) on ${day(values?.effective_on)}`;

/** The keys whose values differ between two snapshots (issue 21: settings keep whole snapshots). */
function differing(before: Values, after: Values, skip: readonly string[] = []): Values {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return Object.fromEntries(
    [...keys]
      .filter((key) => !skip.includes(key))
      .filter((key) => JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key]))
      .map((key) => [key, after?.[key]]),
  );
}
/** A content item's changed values, in words: " (Answer)"; nothing when only its place changed. */
const itemFields = (before: Values, after: Values) => {
  const fields = changedFields(differing(before, after, ['section', 'item_id', 'title']));
  return fields ? ` (${fields})` : '';
};
/** A staff account's role as its audit row names it (older rows kept only the id). */
const roleName = (values: Values) =>
  text(values?.role_name) || (ROLE_NAMES as Record<string, string>)[text(values?.role_id)] || 'no role';
/** "Email → email, Full name → name": an import's columns and the fields they fill. */
const columns = (values: unknown) =>
  (Array.isArray(values) ? values : [])
    .map((pair: unknown) =>
      pair !== null && typeof pair === 'object' && 'column' in pair && 'field' in pair
        ? `${text(pair.column)} → ${text(pair.field)}`
        : '',
    )
    .filter(Boolean)
    .join(', ');
const importCounts = (after: Values) =>
  `${Number(after?.created ?? 0)} created, ${Number(after?.updated ?? 0)} updated, ${Number(after?.failed ?? 0)} failed`;

/** A sentence for each thing that can happen to a record, from its audit row. */
export function describeActivity(action: string, before: Values, after: Values): string {
  const currency = currencyOf(before, after);
  const amount = (value: unknown) => amountIn(value, currency);
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
    case 'attribute_values.updated':
      return `Attributes set: ${Object.entries(after ?? {})
        .map(([name, value]) => `${name} ${value === null ? 'cleared' : `“${text(value)}”`}`)
        .join(', ')}`;
    case 'pipeline_deal.created':
      return `Added to ${nameOf(after?.pipeline)} in ${nameOf(after?.stage)}`;
    case 'pipeline_deal.updated':
      return changed(after);
    case 'pipeline_deal.moved':
      if (text(before?.pipeline) && text(before?.pipeline) !== text(after?.pipeline))
        return `Moved from ${text(before?.stage)} (${text(before?.pipeline)}) to ${text(after?.stage)} (${text(after?.pipeline)})`;
      if (text(before?.stage) === text(after?.stage)) return `Reordered within ${text(after?.stage)}`;
      return `Moved from ${text(before?.stage)} to ${text(after?.stage)}${after?.reason === 'stage_removed' ? ' (its stage was removed)' : ''}`;
    case 'pipeline_deal.performance_added':
      return `Added the figures for ${text(after?.period)}`;
    case 'pipeline_deal.performance_updated':
      return `Changed the figures for ${text(after?.period)}: ${changedFields(after) || 'no visible change'}`;
    case 'pipeline_deal.performance_removed':
      return `Removed the figures for ${text(before?.period)}`;
    case 'opportunity.created':
      return 'Created as a draft';
    case 'opportunity.updated':
      return changed(after);
    case 'opportunity.converted_from_deal':
      return `Converted from the deal${quoted(after?.deal)}`;
    case 'pipeline_deal.converted':
      return `Converted into the opportunity${quoted(after?.opportunity)}`;
    case 'opportunity.cover_changed':
      return 'Changed the cover image';
    case 'opportunity.cover_removed':
      return 'Removed the cover image';
    case 'opportunity.content_added':
      return `${sectionNoun(after?.section)} added:${quoted(after?.title)}`;
    case 'opportunity.content_changed':
      return `${sectionNoun(after?.section)} changed:${quoted(after?.title)}${itemFields(before, after)}`;
    case 'opportunity.content_removed':
      return `${sectionNoun(before?.section)} removed:${quoted(before?.title)}`;
    case 'opportunity.content_reordered':
      return `${sectionNoun(after?.section)}s reordered`;
    case 'opportunity.status_changed':
      return `Status changed from ${text(before?.status_label)} to ${text(after?.status_label)}`;
    case 'opportunity.invited':
      return `Invited ${invitees(after)}`;
    case 'opportunity.invitation_removed':
      return `Invitation withdrawn: ${before?.client_group ? `the client group ${text(before.client_group)}` : 'an investor'}`;
    case 'opportunity.invitees_notified':
      return `Notified ${count(after?.count, 'invited investor')}`;
    case 'opportunity.pre_emption_opened':
      return `Pre-emption opened for the holders of ${text(after?.existing_investment)}${after?.ends_on ? ` until ${day(after.ends_on)}` : ''}`;
    case 'opportunity.pre_emption_chosen':
    case 'investor.pre_emption_chosen':
      return `Pre-emption choice of ${text(after?.holder)} in ${text(after?.opportunity)}: ${text(after?.choice_label)}${after?.amount ? ` (${text(after.amount_text ?? after.amount)})` : ''}${after?.by === 'staff' ? ', recorded by staff' : ''}`;
    case 'client_group.created':
      return 'Added';
    case 'client_group.updated':
      return changed(after);
    case 'client_group.members_added':
      return `${names(after?.names)} added to the group`;
    case 'client_group.member_removed':
      return `${text(before?.name)} removed from the group`;
    case 'investor.deleted':
    case 'contact.deleted':
    case 'organisation.deleted':
    case 'nominee.deleted':
    case 'investment_method.deleted':
    case 'opportunity.deleted':
    case 'pipeline_deal.deleted':
    case 'client_group.deleted':
      return 'Deleted';
    // ── investing (issue 11) ──
    case 'opportunity.investment_reserved':
    case 'investor.investment_reserved':
      return `Reserved ${amount(after?.amount)}${party(action, after)}${text(after?.holding) && text(after?.holding) !== 'own name' ? `, held through ${text(after?.holding)}` : ''}`;
    case 'opportunity.repriced':
      return `Re-priced from ${text(after?.old_price_text)} to ${text(after?.new_price_text)} a share (${count(Array.isArray(after?.investments) ? after.investments.length : 0, 'investment')} recomputed): ${text(after?.reason)}`;
    case 'investor.investment_repriced':
      return `Investment in ${text(after?.opportunity)} re-priced from ${text(after?.old_price_text)} to ${text(after?.new_price_text)} a share: now ${amount(after?.amount)} (was ${amount(before?.amount)})`;
    case 'opportunity.investment_withdrawn':
    case 'investor.investment_withdrawn':
      return `Reservation of ${amount(after?.amount)}${party(action, after)} withdrawn by the investor`;
    case 'opportunity.investment_recorded':
    case 'investor.investment_recorded':
      return `${after?.type === 'private_manual' ? 'Private manual' : 'Manual'} investment of ${amount(after?.amount)}${party(action, after)} recorded${after?.paid === true ? ', paid' : ''}`;
    case 'opportunity.payment_received':
    case 'investor.payment_received':
      return `Payment of ${amount(after?.amount)} received${from(action, after)} (${amount(after?.paid_so_far)} of ${amount(after?.of)} paid)`;
    case 'opportunity.investment_paid':
    case 'investor.investment_paid':
      return `Payment of ${amount(after?.amount)} received${from(action, after)}: ${amount(after?.of)} paid in full`;
    case 'opportunity.investment_cancelled':
    case 'investor.investment_cancelled':
      return `Investment of ${amount(after?.amount)}${party(action, after)} cancelled: ${text(after?.reason)}`;
    case 'opportunity.investment_refunded':
    case 'investor.investment_refunded':
      return `Refunded ${amount(after?.amount)}${action.startsWith('opportunity.') ? (text(after?.investor) ? ` to ${text(after?.investor)}` : '') : from(action, after)} on ${day(after?.refunded_on)}`;
    case 'opportunity.unallocated_refunded':
    case 'investor.unallocated_refunded':
      return `Refunded ${amount(after?.amount)} of unallocated money${action.startsWith('opportunity.') ? (text(after?.investor) ? ` to ${text(after?.investor)}` : '') : from(action, after)} on ${day(after?.refunded_on)}`;
    case 'opportunity.unallocated_applied':
    case 'investor.unallocated_applied':
      return `Applied ${amount(after?.amount)} of unallocated money${party(action, after)} (${amount(after?.paid_so_far)} of ${amount(after?.of)} paid)`;
    case 'opportunity.ledger_entry_reversed':
    case 'investor.ledger_entry_reversed':
      return `Reversed a ${text(after?.kind).replace(/_/g, ' ') || 'ledger'} entry of ${amount(after?.amount)}${party(action, after)}: ${text(after?.reason)}`;
    case 'opportunity.cash_call_issued':
      return `Cash call issued: ${count(after?.investments, 'investment')}, ${amount(after?.amount)} due by ${day(after?.due_date)}`;
    case 'investor.cash_called':
      return `Cash call for ${text(after?.opportunity)}: ${amount(after?.amount)} due by ${day(after?.due_date)}`;
    case 'investor.shares_allotted':
      return `Allotted ${formatShareCount(text(after?.shares) || '0')} shares in ${text(after?.opportunity)} for ${amount(after?.amount)}`;
    case 'investor.risk_warning_shown':
      return `Shown the first-investment risk warning (${text(after?.opportunity)}); cooling-off until ${text(after?.cooling_off_ends_at).replace('T', ' ').slice(0, 16)} UTC`;
    case 'investor.risk_warning_acknowledged':
      return `Acknowledged the first-investment risk warning (${text(after?.opportunity)})`;
    case 'opportunity.bank_details_changed':
      return `Bank details changed: ${changedFields(Object.fromEntries((Array.isArray(after?.fields) ? after.fields : []).map((field) => [text(field), true]))) || 'no visible change'}`;
    case 'opportunity.share_price_added':
      return `Share price added: ${priceWords(after, currency)}`;
    case 'opportunity.share_price_updated':
      return `Share price changed: ${priceWords(before, currency)} is now ${priceWords({ ...before, ...after }, currency)}`;
    case 'opportunity.share_price_removed':
      return `Share price removed: ${priceWords(before, currency)}`;
    case 'opportunity.share_price_corrected':
      return `Share price corrected: ${priceWords(before, currency)} is now ${priceWords(after, currency)}`;
    case 'opportunity.share_price_withdrawn':
      return `Share price withdrawn: ${priceWords(before, currency)}`;
    case 'opportunity.holding_follow_on_added':
    case 'opportunity.holding_exit_added':
    case 'opportunity.holding_dividend_added': {
      const kind = action.replace('opportunity.holding_', '').replace('_added', '');
      const shares = text(after?.shares) ? `${formatShareCount(text(after?.shares))} shares, ` : '';
      return `${HOLDING_WORDS[kind] ?? 'Transaction'} recorded for ${text(after?.investor)}: ${shares}${amount(after?.amount)} on ${day(after?.occurred_on)}`;
    }
    // ── the cap table (issue 18, decision 020) ──
    case 'opportunity.cap_table_class_added':
      return `Share class added to the cap table: ${text(after?.name)} (${after?.kind === 'options' ? 'options, not issued' : 'issued shares'}${after?.pre_emptive === true ? ', carrying pre-emption' : ''})`;
    case 'opportunity.cap_table_class_updated':
      return `Share class ${text(before?.name)} changed: ${text(after?.name)} (${after?.kind === 'options' ? 'options, not issued' : 'issued shares'}${after?.pre_emptive === true ? ', carrying pre-emption' : ''})`;
    case 'opportunity.cap_table_class_removed':
      return `Share class removed from the cap table: ${text(before?.name)}`;
    case 'opportunity.cap_table_holder_added':
      return `Cap table holder added: ${text(after?.name)}, ${formatShareCount(text(after?.shares) || '0')} ${text(after?.share_class)} shares`;
    case 'opportunity.cap_table_holder_updated':
      return `Cap table holder ${text(before?.name)} changed: ${formatShareCount(text(before?.shares) || '0')} shares is now ${formatShareCount(text(after?.shares) || '0')}`;
    case 'opportunity.cap_table_holder_removed':
      return `Cap table holder removed: ${text(before?.name)} (${formatShareCount(text(before?.shares) || '0')} shares)`;
    case 'opportunity.cap_table_imported':
      return `Cap table imported from ${text(after?.file)}: ${count(after?.holders_added, 'holder')} added, ${count(after?.holders_updated, 'holder')} updated, ${Number(after?.classes_added ?? 0)} new share ${Number(after?.classes_added ?? 0) === 1 ? 'class' : 'classes'}`;
    case 'email.sent':
      return `Email: ${text(after?.subject)}`;
    // Reporting (issue 19): update reports, KPI reports and their settings, WIP snapshots.
    case 'update_report.created':
      return `Update report drafted:${quoted(after?.title)}`;
    case 'update_report.updated':
      return `Update report draft edited:${quoted(after?.title ?? before?.title)}`;
    case 'update_report.deleted':
      return `Update report draft deleted:${quoted(before?.title)}`;
    case 'update_report.scheduled':
      return `Update report scheduled:${quoted(after?.title)} to go live at ${text(after?.publish_at)}`;
    case 'update_report.published':
      return `Update report published:${quoted(after?.title)}${after?.recipients === undefined ? '' : ` to ${count(after.recipients, 'investor')}`}`;
    case 'update_report.corrected':
      return `Update report corrected:${quoted(after?.title)} (version ${text(after?.version)})`;
    case 'update_report.withdrawn':
      return `Update report withdrawn:${quoted(after?.title ?? before?.title)}`;
    case 'update_report.attachments_added':
      return 'Attachments added to an update report';
    case 'update_report.attachment_removed':
      return 'Attachment removed from an update report';
    case 'update_report.image_uploaded':
      return 'Image uploaded for an update report';
    case 'kpi_report.created':
      return `KPI report started for ${text(after?.period)}`;
    case 'kpi_report.values_entered':
      return `KPI values entered${text(after?.source) ? ` (${text(after?.source)})` : ''}`;
    case 'kpi_reporting_settings.updated':
      return `KPI reporting settings changed: ${changedFields(after) || 'no visible change'}`;
    case 'kpi_report_type.created':
      return `KPI report type added:${quoted(after?.name)}`;
    case 'kpi_report_type.updated':
      return `KPI report type changed:${quoted(after?.name)}`;
    case 'kpi_report_type.deleted':
      return `KPI report type deleted:${quoted(before?.name)}`;
    case 'custom_kpi.created':
      return `Custom KPI added:${quoted(after?.name)}`;
    case 'custom_kpi.updated':
      return `Custom KPI changed:${quoted(after?.name)}`;
    case 'custom_kpi.deleted':
      return `Custom KPI deleted:${quoted(before?.name)}`;
    case 'wip_snapshot.created':
      return `WIP snapshot saved:${quoted(after?.title)}`;
    case 'fund.created':
      return `Fund added:${quoted(after?.name)}`;
    case 'fund.updated':
      return changed(after);
    case 'fund.deleted':
      return `Fund deleted:${quoted(before?.name)}`;
    case 'fund.nav_recorded':
      return `NAV recorded: ${amount(after?.nav)} on ${day(after?.effective_on)}`;
    case 'fund.nav_corrected':
      return `NAV corrected: ${amount(before?.nav)} on ${day(before?.effective_on)} is now ${amount(after?.nav)}`;
    case 'opportunity.tax_relief_certificate_recorded':
    case 'fund.tax_relief_certificate_recorded':
      return `${text(after?.scheme).toUpperCase()} certificate ${text(after?.reference)} recorded for ${text(after?.investor)}, issued ${day(after?.issued_on)}`;
    case 'opportunity.tax_relief_certificate_withdrawn':
    case 'fund.tax_relief_certificate_withdrawn':
      return `${text(before?.scheme).toUpperCase()} certificate ${text(before?.reference)} of ${text(before?.investor)} withdrawn: ${text(after?.reason)}`;
    case 'fund.capital_call_issued':
      return `Capital call issued: ${after?.percent ? `${text(after.percent)}% of commitments, ` : ''}${amount(after?.total)} from ${count(after?.investors, 'investor')}, due by ${day(after?.due_date)}`;
    case 'investor.capital_called':
      return `Capital call for ${text(after?.fund)}: ${amount(after?.amount)} due by ${day(after?.due_date)} (${amount(after?.called_so_far)} of ${amount(after?.of)} called)`;
    case 'fund.distribution_made':
      return `Distribution (${text(after?.kind).replace(/_/g, ' ')}): ${amount(after?.amount)} to ${count(after?.investors, 'investor')} on ${day(after?.date)}`;
    case 'fund.fee_charged':
      return `Fee charged (${text(after?.kind).replace(/_/g, ' ')}): ${amount(after?.amount)} on ${day(after?.date)}`;
    case 'fund.movement_reversed':
      return `Reversed the ${text(before?.type)} of ${amount(before?.amount)} on ${day(before?.date)}: ${text(after?.reason)}`;
    case 'fund_company.created':
      return `Fund investment added:${quoted(after?.name)}${nameOf(after?.fund) ? ` in ${nameOf(after?.fund)}` : ''}`;
    case 'fund_company.updated':
      return changed(after);
    case 'fund_company.deleted':
      return `Fund investment deleted:${quoted(before?.name)}`;
    case 'fund_company.transaction_added':
      return `${fundCompanyKind(after?.kind)} recorded: ${after?.kind === 'valuation' ? `valued at ${amount(after.valuation)}` : after?.amount ? amount(after.amount) : 'no amount'} on ${day(after?.date)}`;
    case 'fund_company.transaction_reversed':
      return `Reversed the ${fundCompanyKind(before?.kind).toLowerCase()}${before?.kind === 'valuation' ? ` at ${amount(before.valuation)}` : before?.amount ? ` of ${amount(before.amount)}` : ''} on ${day(before?.date)}: ${text(after?.reason)}`;
    case 'fund_company.status_recorded':
      return `Status ${before?.status ? `changed from ${fundCompanyStatus(before.status)} to` : 'set to'} ${fundCompanyStatus(after?.status)} from ${day(after?.effective_on)}`;
    // ── settings and staff accounts, read in the firm's audit log (issue 21) ──
    case 'branding.created':
    case 'branding.updated':
      return `Changed the branding: ${changedFields(differing(before, after)) || 'no visible change'}`;
    case 'staff.invited':
      return `Invited ${text(after?.name)} as ${roleName(after)}`;
    case 'staff.updated': {
      const parts = [
        ...(text(before?.name) !== text(after?.name)
          ? [`renamed ${text(before?.name)} to ${text(after?.name)}`]
          : []),
        ...(roleName(before) !== roleName(after)
          ? [`changed ${text(after?.name)}’s role from ${roleName(before)} to ${roleName(after)}`]
          : []),
      ];
      const said = parts.join(' and ');
      return said
        ? said.charAt(0).toUpperCase() + said.slice(1)
        : `Saved ${text(after?.name)}’s account with no change`;
    }
    case 'staff.deactivated':
      return `Deactivated ${text(after?.name) || 'a staff account'}: can no longer sign in`;
    case 'staff.reactivated':
      return `Reactivated ${text(after?.name) || 'a staff account'}`;
    case 'staff.invitation_resent':
      return `Sent the invitation to ${text(after?.name) || 'a staff member'} again`;
    case 'import.uploaded':
      return `Uploaded ${text(after?.kind)} file${quoted(after?.file_name)} (${count(after?.total_rows, 'row')})`;
    case 'import.mapped':
      return `Mapped the columns of${quoted(after?.file_name)}: ${columns(after?.columns) || 'none'}`;
    case 'import.started':
      return `Started importing ${text(after?.kind)} from${quoted(after?.file_name)} (${count(after?.total_rows, 'row')})`;
    case 'import.completed':
      return `Imported ${text(after?.kind)} from${quoted(after?.file_name)}: ${importCounts(after)}`;
    case 'import.failed':
      return `Import of ${text(after?.kind)} from${quoted(after?.file_name)} failed (${importCounts(after)}): ${text(after?.error)}`;
    // ── the insider register (issue 21) ──
    case 'market_sounding.created':
      return `Market sounding opened on ${text(after?.subject_name)}: ${count(after?.investor_ids, 'investor')} sounded (${names(after?.investors)})`;
    case 'market_sounding.cleansed':
      return `Market sounding cleansed: ${text(after?.reason)}`;
    case 'market_sounding.viewed':
      return 'Opened the market sounding';
    case 'market_sounding.accepted':
      return 'Accepted the market sounding (consented to receive inside information)';
    case 'market_sounding.declined':
      return 'Declined the market sounding';
    case 'market_sounding.answered':
      return `Answered the market sounding: ${MARKET_SOUNDING_RESPONSES[Number(after?.response) as MarketSoundingResponse] ?? text(after?.response)}`;
    case 'market_sounding.opted_out':
      return 'Opted out of future market soundings';
    case 'insider_list.opened':
      return after?.permanent
        ? 'Opened the permanent insiders section'
        : `Opened the insider list of${quoted(after?.name)}`;
    case 'insider_list.entry_added':
      return `Added ${text(after?.first_names)} ${text(after?.surnames)} to the insider list (version ${text(after?.version)})`;
    case 'insider_list.entry_amended':
      return `Amended ${text(after?.first_names)} ${text(after?.surnames)}’s insider list entry: ${changedFields(differing(before, after)) || 'no visible change'} (version ${text(after?.version)})`;
    case 'insider_list.entry_ceased':
      return `Recorded that ${text(after?.first_names)} ${text(after?.surnames)} ceased to have access on ${text(after?.ceased_at)}`;
    case 'pa_deal.requested':
      return `PA deal declared: ${text(after?.side)} ${text(after?.quantity)} ${text(after?.instrument)} of ${text(after?.company_name)}, pre-clearance asked`;
    case 'pa_deal.approved':
      return `PA deal of ${text(after?.user)} approved: ${text(after?.side)} ${text(after?.instrument)} of ${text(after?.company_name)}`;
    case 'pa_deal.refused':
      return `PA deal of ${text(after?.user)} refused: ${text(after?.reason)}`;
    case 'pa_deal.executed':
      return `PA deal executed: ${text(after?.quantity)} at ${text(after?.price)} on ${day(after?.executed_on)}`;
    case 'pa_deal.withdrawn':
      return `PA deal request withdrawn by ${text(after?.user)}`;
    // ── the last switches and settings (issue 21) ──
    case 'investor.promotion_exception_recorded':
      return `Financial promotion exemption recorded (${text(after?.type).replace(/_/g, ' ')}), effective ${day(after?.effective_on)}${after?.expires_on ? `, expires ${day(after.expires_on)}` : ''}`;
    case 'investor.promotion_exception_withdrawn':
      return `Financial promotion exemption withdrawn: ${text(after?.withdrawal_reason)}`;
    case 'investor.default_associates_linked':
      return `Linked to the default associates: ${
        Object.values(after ?? {})
          .map(text)
          .filter(Boolean)
          .join(', ') || 'none'
      }`;
    case 'settings.default_investor_associates_updated':
      return `Default investor associates set: adviser ${text(after?.adviser) || 'none'}, organisation ${text(after?.organisation) || 'none'}`;
    case 'portfolio_columns.updated':
      return 'Changed the columns of the investor’s portfolio';
    case 'portfolio_stats.updated':
      return 'Changed the figures above the investor’s portfolio';
    case 'portfolio_column.updated':
      return `Changed the portfolio column ${text(after?.key)}: ${after?.shown ? 'shown' : 'hidden'}${after?.label ? `, labelled “${text(after.label)}”` : ''}`;
    default:
      return action.replace(/[._]/g, ' ').replace(/^\w/, (letter) => letter.toUpperCase());
  }
}

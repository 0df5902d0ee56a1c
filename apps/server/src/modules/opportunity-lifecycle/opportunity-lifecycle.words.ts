import {
  GO_LIVE_FIELD_LABELS,
  OPPORTUNITY_DOCUMENT_CATEGORIES,
  opportunityDocumentKind,
  opportunityStatusTerm,
  OPPORTUNITY_TRANSITIONS,
  type FieldErrors,
  type GoLiveField,
  type OpportunityDocumentKind,
  type OpportunityStatus,
  type Terminology,
} from '@portico/contracts';
import type { OpportunityRow } from '../../db/schema';

/** A status as this deployment names it (Settings → terminology → opportunities). */
export const statusLabel = (terms: Terminology, status: OpportunityStatus) =>
  terms[opportunityStatusTerm(status)];

/** "A Draft", "An Open" */
export const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? 'An' : 'A'} ${word}`;

/** "Live - External, Live - Internal or Completed" */
function either(labels: string[]): string {
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1] ?? ''}`;
}

/** Why a move is refused, in words a person understands. */
export function refusedMove(terms: Terminology, from: OpportunityStatus, to: OpportunityStatus): string {
  const fromLabel = statusLabel(terms, from);
  if (from === to) return `The opportunity is already ${fromLabel}.`;
  const allowed = OPPORTUNITY_TRANSITIONS[from];
  if (allowed.length === 0) return `${withArticle(fromLabel)} opportunity cannot change status.`;
  const choices = either(allowed.map((status) => statusLabel(terms, status)));
  return `${withArticle(fromLabel)} opportunity can go ${choices}, not ${statusLabel(terms, to)}.`;
}

const MISSING = (field: GoLiveField) =>
  `The opportunity needs a ${GO_LIVE_FIELD_LABELS[field]} before it can go live.`;

/** What investors read before committing (issue 18): the public documents, and whether terms are asked. */
export interface GoLiveReading {
  /** the opportunity's public documents (a private one is not there to read) */
  publicDocuments: ReadonlyArray<{ category: string | null }>;
  /** investment_terms_enabled: the investor accepts the terms, so they must be there to read */
  termsRequired: boolean;
}

const NEEDS_DOCUMENT: Record<OpportunityDocumentKind, string> = {
  information_memorandum: `The opportunity needs an information memorandum before it can go live: upload it as a public document in the category “${OPPORTUNITY_DOCUMENT_CATEGORIES.information_memorandum}”.`,
  investment_terms: `The opportunity needs its investment terms before it can go live: investors accept them when they invest, so upload them as a public document in the category “${OPPORTUNITY_DOCUMENT_CATEGORIES.investment_terms}”.`,
};

/** The documents investors must be able to read that the opportunity lacks (issue 18). */
export function missingReading(row: OpportunityRow, reading: GoLiveReading): FieldErrors {
  const errors: FieldErrors = {};
  const filed = new Set(
    reading.publicDocuments.map((document) => opportunityDocumentKind(document.category)),
  );
  if (!filed.has('information_memorandum'))
    errors.information_memorandum = [NEEDS_DOCUMENT.information_memorandum];
  const termsText = row.investment_terms !== null && row.investment_terms.trim() !== '';
  if (reading.termsRequired && !termsText && !filed.has('investment_terms'))
    errors.investment_terms = [NEEDS_DOCUMENT.investment_terms];
  return errors;
}

/**
 * What an opportunity lacks before investors may see it; empty when it is complete. `switchingTo` names
 * the live status a live opportunity is switching to (External ⇄ Internal): it is live already, so a
 * passed closing date is said as such, with the fix. `reading`: the documents investors read first.
 */
export function goLiveErrors(
  row: OpportunityRow,
  today: string,
  switchingTo?: string,
  reading?: GoLiveReading,
): FieldErrors {
  const errors: FieldErrors = {};
  const blank = (value: string | null) => value === null || value.trim() === '';
  if (blank(row.name)) errors.name = [MISSING('name')];
  if (blank(row.company_name)) errors.company_name = [MISSING('company_name')];
  if (row.target_amount === null) errors.target_amount = [MISSING('target_amount')];
  if (row.maximum_amount === null) errors.maximum_amount = [MISSING('maximum_amount')];
  if (row.minimum_investment === null) errors.minimum_investment = [MISSING('minimum_investment')];
  if (row.share_price === null) errors.share_price = [MISSING('share_price')];
  if (row.tax_relief === null) errors.tax_relief = [MISSING('tax_relief')];
  if (row.closing_date === null) errors.closing_date = [MISSING('closing_date')];
  else if (row.closing_date <= today)
    errors.closing_date = [
      switchingTo === undefined
        ? 'The closing date must be in the future for the opportunity to go live.'
        : `The closing date has passed: move it to a date in the future, then switch the opportunity to ${switchingTo}.`,
    ];
  return reading ? { ...errors, ...missingReading(row, reading) } : errors;
}

/** The investor's notification of an invitation: the opportunity's name in bold. */
export const invitationMessage = (name: string) => `You have been invited to invest in **${name}**.`;

/**
 * The documents an investor reads before committing (issue 18): an opportunity cannot go live without its
 * information memorandum, nor, when investment terms are on (investment_terms_enabled), without its terms
 * (a terms document, or the terms text). Staff file a public document under one of these categories.
 * Plain constants (no zod): the web's invest step finds the terms document with them.
 */
export const OPPORTUNITY_DOCUMENT_KINDS = ['information_memorandum', 'investment_terms'] as const;
export type OpportunityDocumentKind = (typeof OPPORTUNITY_DOCUMENT_KINDS)[number];

/** The category staff choose for each (the uploader suggests them). */
export const OPPORTUNITY_DOCUMENT_CATEGORIES: Record<OpportunityDocumentKind, string> = {
  information_memorandum: 'Information memorandum',
  investment_terms: 'Investment terms',
};

/** Other ways staff file the same document (compared without case or surrounding spaces). */
const ALSO_FILED_AS: Record<OpportunityDocumentKind, readonly string[]> = {
  information_memorandum: ['information memorandum', 'investment memorandum', 'memorandum', 'im'],
  investment_terms: ['investment terms', 'terms', 'terms of investment', 'subscription terms'],
};

/** Which of the two a document is, by its category; null for any other document. */
export function opportunityDocumentKind(category: string | null | undefined): OpportunityDocumentKind | null {
  const filed = (category ?? '').trim().toLowerCase();
  if (filed === '') return null;
  return OPPORTUNITY_DOCUMENT_KINDS.find((kind) => ALSO_FILED_AS[kind].includes(filed)) ?? null;
}

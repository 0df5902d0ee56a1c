import { DOCUMENT_MAX_BYTES, DOCUMENT_TYPES, OPPORTUNITY_DOCUMENT_CATEGORIES } from '@portico/contracts';
import { formatBytes } from '../../../lib/format';

const TYPE_NAMES = Object.values(DOCUMENT_TYPES);

/** "PDF, PNG, JPEG, WebP, Word, Excel or CSV, up to 20 MB each." */
export const DOCUMENT_HINT = `${TYPE_NAMES.slice(0, -1).join(', ')} or ${TYPE_NAMES.at(-1) ?? ''}, up to ${formatBytes(DOCUMENT_MAX_BYTES)} each.`;

/** The picker's filter: the content types, plus extensions for systems that do not know them. */
export const DOCUMENT_ACCEPT = [
  ...Object.keys(DOCUMENT_TYPES),
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.webp',
  '.docx',
  '.xlsx',
  '.csv',
].join(',');

/** A short name for a content type: "PDF", or the subtype of one we do not know. */
export function documentTypeName(contentType: string): string {
  return (
    (DOCUMENT_TYPES as Record<string, string>)[contentType] ??
    contentType.split('/').pop()?.toUpperCase() ??
    contentType
  );
}

/**
 * A hint before uploading, never a rule: the server checks each file by its content and decides. A file
 * with no type the browser knows gets no warning.
 */
export function documentWarning(file: File): string | undefined {
  if (file.size > DOCUMENT_MAX_BYTES) {
    return `Larger than ${formatBytes(DOCUMENT_MAX_BYTES)}: it will be refused.`;
  }
  if (file.size === 0) return 'This file is empty: it will be refused.';
  if (file.type && !(file.type in DOCUMENT_TYPES)) return 'This type of file may be refused.';
  return undefined;
}

/** Suggestions for the category box; any text up to 80 characters is allowed. */
export const DOCUMENT_CATEGORY_SUGGESTIONS = [
  // An opportunity goes live only with these, public (issue 18).
  OPPORTUNITY_DOCUMENT_CATEGORIES.information_memorandum,
  OPPORTUNITY_DOCUMENT_CATEGORIES.investment_terms,
  'Identity',
  'Proof of address',
  'Bank statement',
  'Agreement',
  'Tax',
  'Correspondence',
  'Report',
  'Other',
];

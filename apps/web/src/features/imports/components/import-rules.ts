import {
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type Import,
  type ImportKind,
} from '@portico/contracts';
import { formatBytes, formatNumber } from '../../../lib/format';

// The limits come from the contract: a hint before sending, never the rule: the server checks the file.

export const IMPORT_ACCEPT = [
  '.csv',
  '.xlsx',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

export const IMPORT_HINT = `One CSV or Excel (XLSX) file with a heading row, up to ${formatBytes(IMPORT_MAX_BYTES)} and ${formatNumber(IMPORT_MAX_ROWS)} rows.`;

/** Why a chosen file will be refused, before sending it. */
export function importFileProblem(file: File): string | undefined {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return 'Choose a CSV file or an Excel (XLSX) workbook.';
  if (file.size === 0) return 'This file is empty.';
  if (file.size > IMPORT_MAX_BYTES)
    return `This file is larger than ${formatBytes(IMPORT_MAX_BYTES)}: split it into smaller files.`;
  return undefined;
}

/** "Email", or "Row" for a problem with the row as a whole. */
export function fieldLabel(kind: ImportKind, key: string): string {
  if (key === 'row') return 'Row';
  return IMPORT_FIELDS[kind].find((field) => field.key === key)?.label ?? key;
}

/** "Email: The email field must be a valid email address." for each message of a row. */
export function rowProblems(kind: ImportKind, errors: Record<string, string[]>): string[] {
  return Object.entries(errors).flatMap(([key, messages]) =>
    messages.map((message) => (key === 'row' ? message : `${fieldLabel(kind, key)}: ${message}`)),
  );
}

const csvCell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The rows that failed as a CSV file: one line per problem, with the file's row number. */
export function failuresCsv(item: Pick<Import, 'kind' | 'row_errors'>): string {
  const lines = [['Row', 'Field', 'Problem']];
  for (const failure of item.row_errors)
    for (const [key, messages] of Object.entries(failure.errors))
      for (const message of messages) lines.push([String(failure.row), fieldLabel(item.kind, key), message]);
  return lines.map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The rows that failed as plain text, for the clipboard. */
export function failuresText(item: Pick<Import, 'kind' | 'row_errors'>): string {
  return item.row_errors
    .map((failure) => `Row ${failure.row}: ${rowProblems(item.kind, failure.errors).join(' ')}`)
    .join('\n');
}

/** "investors.csv" → "investors-failed-rows.csv" */
export function failuresFileName(fileName: string): string {
  return `${fileName.replace(/\.[^.]+$/, '') || 'import'}-failed-rows.csv`;
}

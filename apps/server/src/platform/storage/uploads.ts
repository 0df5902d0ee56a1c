import { fieldError } from '../http/errors';
import { detectFileType, type DetectedType } from './file-types';
import { svgIsSafe } from './svg-is-safe';

export interface UploadRules {
  /** what the file is, as a sentence names it: "Logo", "file “passport.pdf”" */
  label: string;
  maxBytes: number;
  types: readonly string[];
}

const TYPE_NAMES: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WEBP',
  'image/gif': 'GIF',
  'image/svg+xml': 'SVG',
  'image/x-icon': 'ICO',
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (DOCX)',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel (XLSX)',
  'text/csv': 'CSV',
};

const describe = (types: readonly string[]) => types.map((type) => TYPE_NAMES[type] ?? type).join(', ');

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;

/** Checks an uploaded file by its content and size; a 422 on the field says what to fix. */
export function checkUpload(field: string, body: Buffer, rules: UploadRules): DetectedType {
  const what = rules.label.charAt(0).toLowerCase() + rules.label.slice(1);
  if (body.length === 0) throw fieldError(field, `The ${what} is empty.`);
  if (body.length > rules.maxBytes)
    throw fieldError(field, `The ${what} must not be larger than ${size(rules.maxBytes)}.`);
  const detected = detectFileType(body);
  if (!detected || !rules.types.includes(detected.contentType))
    throw fieldError(field, `The ${what} must be a file of type: ${describe(rules.types)}.`);
  if (detected.contentType === 'image/svg+xml' && !svgIsSafe(body))
    throw fieldError(field, `The ${what} SVG contains scripts or links, which are not allowed.`);
  return detected;
}

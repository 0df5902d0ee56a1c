import { fieldError, serviceUnavailable } from '../http/errors';
import { detectFileType, type DetectedType } from './file-types';
import { isShutdown, type WorkerPool } from '../workers/worker-pool';
import { svgIsSafeTask } from './svg-is-safe';

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

/** 20971520 → "20 MB", for messages */
export const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;

/** An SVG that kills or outlasts the check's thread is refused like one with a script. */
const svgPasses = (workers: WorkerPool, body: Buffer) =>
  workers.run(svgIsSafeTask, body).catch((error: unknown) => {
    if (isShutdown(error)) throw serviceUnavailable();
    return false;
  });

/**
 * Checks an uploaded file by its content and size; a 422 on the field says what to fix. An SVG's
 * scripts are looked for on a worker thread (workers), which a large drawing would otherwise block.
 */
export async function checkUpload(
  workers: WorkerPool,
  field: string,
  body: Buffer,
  rules: UploadRules,
): Promise<DetectedType> {
  const what = rules.label.charAt(0).toLowerCase() + rules.label.slice(1);
  if (body.length === 0) throw fieldError(field, `The ${what} is empty.`);
  if (body.length > rules.maxBytes)
    throw fieldError(field, `The ${what} must not be larger than ${formatSize(rules.maxBytes)}.`);
  const detected = detectFileType(body);
  if (!detected || !rules.types.includes(detected.contentType))
    throw fieldError(field, `The ${what} must be a file of type: ${describe(rules.types)}.`);
  if (detected.contentType === 'image/svg+xml' && !(await svgPasses(workers, body)))
    throw fieldError(field, `The ${what} SVG contains scripts or links, which are not allowed.`);
  return detected;
}

import { fieldError } from '../http/errors';
import { isShutdown, type WorkerPool } from '../workers/worker-pool';
import { workerTaskRef } from '../workers/worker-task';
import { detectFileType, type DetectedType } from './file-types';
import { formatSize } from './format-size';
import type { svgIsSafeTask } from './svg-is-safe';

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

// jsdom and DOMPurify load on the worker threads only.
const svgIsSafe = workerTaskRef<typeof svgIsSafeTask>(
  new URL('./svg-is-safe.ts', import.meta.url),
  'svgIsSafeTask',
);

/** An SVG that kills or outlasts the check's thread is refused like one with a script. */
const svgPasses = (workers: WorkerPool, body: Buffer) =>
  workers.run(svgIsSafe, body).catch((error: unknown) => {
    // The server is stopping: a 503 (toHttpError), not the file's fault.
    if (isShutdown(error)) throw error;
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

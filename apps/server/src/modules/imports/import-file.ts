import { IMPORT_MAX_BYTES } from '@portico/contracts';
import { fieldError } from '../../platform/http/errors';
import { detectFileType } from '../../platform/storage/file-types';
import { formatSize } from '../../platform/storage/format-size';
import { WorkerTaskError, type WorkerPool } from '../../platform/workers/worker-pool';
import { workerTaskRef } from '../../platform/workers/worker-task';
import type { ReadTable, readTableTask } from './import-file-reader';

// exceljs and csv-parse load on the worker threads only.
const readTable = workerTaskRef<typeof readTableTask>(
  new URL('./import-file-reader.ts', import.meta.url),
  'readTableTask',
);

export interface ImportFile extends ReadTable {
  extension: 'csv' | 'xlsx';
  contentType: string;
}

/** A reading that ended without an answer: the file's fault, unless the server is stopping. */
function unreadable(error: unknown): never {
  if (error instanceof WorkerTaskError)
    switch (error.reason) {
      case 'closed':
        // The server is stopping: a 503 (toHttpError), not the file's fault.
        throw error;
      case 'timed-out':
        throw fieldError('file', 'The file took too long to read: split it into smaller files.');
      case 'crashed':
        throw fieldError('file', 'The file could not be read: it needs more memory than an import may use.');
      case 'failed':
        throw fieldError('file', `The file could not be read: ${error.message}.`);
    }
  throw error;
}

/**
 * Reads an uploaded CSV or Excel file, checked by content, not by name: its headings, its count of
 * data rows, and the cells of the columns asked for. The reading runs on a worker thread, so a large
 * file never holds up other requests; a file it cannot read is a 422 on `file`, never a 500.
 */
export async function readImportFile(
  workers: WorkerPool,
  body: Buffer,
  columns: readonly string[] = [],
): Promise<ImportFile> {
  if (body.length > IMPORT_MAX_BYTES)
    throw fieldError(
      'file',
      `The file must not be larger than ${formatSize(IMPORT_MAX_BYTES)}: split it into smaller files.`,
    );
  const detected = detectFileType(body);
  if (!detected || (detected.extension !== 'csv' && detected.extension !== 'xlsx'))
    throw fieldError('file', 'The file must be a CSV file or an Excel (XLSX) workbook.');
  const format = detected.extension;
  const result = await workers.run(readTable, { format, body, columns }).catch(unreadable);
  if ('problem' in result) throw fieldError('file', result.problem);
  return { extension: format, contentType: detected.contentType, ...result.table };
}

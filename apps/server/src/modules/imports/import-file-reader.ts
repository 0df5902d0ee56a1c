import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS } from '@portico/contracts';
import { defineWorkerTask } from '../../platform/workers/worker-task';

/** A spreadsheet wider than this is not a list of people: refuse it rather than pad every row. */
export const IMPORT_MAX_COLUMNS = 500;
const CHUNK_BYTES = 64 * 1024;
const MAX_ROWS = IMPORT_MAX_ROWS.toLocaleString('en-GB');

export interface ReadTableInput {
  format: 'csv' | 'xlsx';
  body: Uint8Array;
  /** the headings whose cells to answer, in this order (none: only the headings and the count) */
  columns: readonly string[];
}

export interface ReadTable {
  headers: string[];
  /** the data rows (blank rows left out) */
  rowCount: number;
  /** each data row's cells under `columns`, trimmed */
  rows: string[][];
}

/** What a person can fix about the file, or the table. */
export type ReadTableResult = { problem: string } | { table: ReadTable };

class Refused extends Error {}

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    return '';
  }
  return String(value);
};

const chunks = (body: Uint8Array) =>
  Readable.from(
    (function* () {
      for (let start = 0; start < body.length; start += CHUNK_BYTES)
        yield Buffer.from(body.buffer, body.byteOffset + start, Math.min(CHUNK_BYTES, body.length - start));
    })(),
  );

/** The ZIP's closing record (the bytes P, K, 5, 6), within its last 22 bytes plus the longest comment. */
const END_OF_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const END_OF_ZIP_REACH = 22 + 0xffff;

/**
 * A workbook is a ZIP whose directory closes the file. One cut short (an upload broken off, a copy
 * half made) has lost it: the streaming reader would read the parts that arrived and answer whatever
 * they held (no sheet, half a sheet), so it is refused as damaged before any reading.
 */
function refuseCutShort(body: Uint8Array) {
  const tail = Buffer.from(body.buffer, body.byteOffset, body.length).subarray(
    Math.max(0, body.length - END_OF_ZIP_REACH),
  );
  if (tail.lastIndexOf(END_OF_ZIP) < 0)
    throw new Refused('The file could not be read: it is damaged or cut short. Save it again and upload it.');
}

/** The first sheet's rows, as they come: cells by column index from 0, trimmed. */
async function* xlsxRows(body: Uint8Array): AsyncGenerator<string[]> {
  refuseCutShort(body);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(chunks(body), {
    sharedStrings: 'cache',
    // A date is a number with a date format: the styles say which.
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = row.values;
      const cells: string[] = [];
      // values is sparse and counts from 1: walk only the cells the row has.
      if (Array.isArray(values))
        values.forEach((value, column) => {
          if (column > IMPORT_MAX_COLUMNS) throw tooWide();
          if (column >= 1) cells[column - 1] = cellText(value).trim();
        });
      yield cells;
    }
    return;
  }
}

async function* csvRows(body: Uint8Array): AsyncGenerator<string[]> {
  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.length, CHUNK_BYTES));
  // Excel in some locales writes semicolons: take whichever separates the heading line more.
  const firstLine =
    head
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const parser = chunks(body).pipe(
    parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, trim: true }),
  );
  for await (const record of parser as AsyncIterable<string[]>) {
    if (record.length > IMPORT_MAX_COLUMNS) throw tooWide();
    yield record;
  }
}

const tooWide = () =>
  new Refused(`The file has more than ${IMPORT_MAX_COLUMNS} columns; keep only the columns to import.`);

/**
 * Reads a CSV file or the first sheet of a workbook, streaming and in one pass: the heading is the
 * first row with a value, blank rows are skipped, and reading stops at the first row over the limit.
 * Runs on a worker thread (readTableTask); each row costs the same, whatever the file's length.
 */
export async function readTable({ format, body, columns }: ReadTableInput): Promise<ReadTableResult> {
  let headings: string[] | undefined;
  let width = 0;
  let rowCount = 0;
  const kept: string[][] = [];
  try {
    for await (const cells of format === 'csv' ? csvRows(body) : xlsxRows(body)) {
      let last = -1;
      cells.forEach((cell, index) => {
        if (cell !== '') last = index;
      });
      if (last < 0) continue;
      if (!headings) {
        headings = cells;
        continue;
      }
      rowCount += 1;
      if (rowCount > IMPORT_MAX_ROWS)
        throw new Refused(`The file has more than ${MAX_ROWS} rows; import at most ${MAX_ROWS} at a time.`);
      width = Math.max(width, last + 1);
      // An upload asks only for the headings and the count: no cells are kept for it.
      if (columns.length > 0) kept.push(cells);
    }
  } catch (error) {
    if (error instanceof Refused) return { problem: error.message };
    throw error;
  }
  width = Math.max(width, headings?.length ?? 0);
  const headers = Array.from(
    { length: width },
    (_, index) => headings?.[index]?.trim() || `Column ${index + 1}`,
  );
  if (headers.length === 0) return { problem: 'The file has no heading row.' };
  const lower = headers.map((heading) => heading.toLowerCase());
  if (new Set(lower).size !== headers.length)
    return { problem: 'Two columns of the file have the same heading: give each column its own.' };
  if (rowCount === 0) return { problem: 'The file has a heading row but no data rows.' };
  const picks = columns.map((column) => headers.indexOf(column));
  const rows = columns.length === 0 ? [] : kept.map((cells) => picks.map((index) => cells[index] ?? ''));
  return { table: { headers, rowCount, rows } };
}

/**
 * readTable on a worker thread. The `xlsx` reader may park a sheet in a temporary file (when the
 * workbook's shared strings come after it): each run gets its own folder, removed when it ends.
 */
export const readTableTask = defineWorkerTask(
  import.meta.url,
  'readTableTask',
  async (input: ReadTableInput): Promise<ReadTableResult> => {
    if (input.format === 'csv') return readTable(input);
    const folder = await mkdtemp(path.join(os.tmpdir(), 'portico-import-'));
    const previous = process.env.TMPDIR;
    // A worker thread has its own copy of the environment: this reaches only this thread's reads.
    process.env.TMPDIR = folder;
    try {
      return await readTable(input);
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      await rm(folder, { recursive: true, force: true });
    }
  },
);

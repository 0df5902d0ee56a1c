import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS } from '@portico/contracts';
import { fieldError } from '../../platform/http/errors';
import { detectFileType } from '../../platform/storage/file-types';

export interface ImportFile {
  extension: 'csv' | 'xlsx';
  contentType: string;
  headers: string[];
  /** data rows, each as long as the headers */
  rows: string[][];
}

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

async function readXlsx(body: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let column = 1; column <= sheet.columnCount; column += 1)
      cells.push(cellText(row.getCell(column).value).trim());
    rows.push(cells);
  });
  return rows;
}

function readCsv(body: Buffer): string[][] {
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  // Excel in some locales writes semicolons: take whichever separates the heading line more.
  const firstLine = text.split(/\r?\n/)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = parse(text, {
    delimiter,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
  });
  return rows;
}

/** Reads an uploaded CSV or Excel file: its headings and its rows, checked by content, not by name. */
export async function readImportFile(body: Buffer): Promise<ImportFile> {
  const detected = detectFileType(body);
  if (!detected || (detected.extension !== 'csv' && detected.extension !== 'xlsx'))
    throw fieldError('file', 'The file must be a CSV file or an Excel (XLSX) workbook.');
  let table: string[][];
  try {
    table = detected.extension === 'csv' ? readCsv(body) : await readXlsx(body);
  } catch (error) {
    throw fieldError(
      'file',
      `The file could not be read: ${error instanceof Error ? error.message : 'unknown error'}.`,
    );
  }
  const [headings, ...rows] = table;
  const headers = (headings ?? []).map((heading, index) => heading.trim() || `Column ${index + 1}`);
  if (headers.length === 0) throw fieldError('file', 'The file has no heading row.');
  if (new Set(headers.map((heading) => heading.toLowerCase())).size !== headers.length)
    throw fieldError('file', 'Two columns of the file have the same heading: give each column its own.');
  const data = rows
    .filter((row) => row.some((cell) => cell.trim() !== ''))
    .map((row) => headers.map((_, index) => (row[index] ?? '').trim()));
  if (data.length === 0) throw fieldError('file', 'The file has a heading row but no data rows.');
  if (data.length > IMPORT_MAX_ROWS)
    throw fieldError(
      'file',
      `The file has ${data.length} rows; import at most ${IMPORT_MAX_ROWS} at a time.`,
    );
  return { extension: detected.extension, contentType: detected.contentType, headers, rows: data };
}

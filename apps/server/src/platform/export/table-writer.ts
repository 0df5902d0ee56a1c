import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { excelMoneyFormat, type ExportFormat } from '@portico/contracts';
import { defineWorkerTask } from '../workers/worker-task';

/** An amount of money: a decimal string ("2500.50") in an ISO 4217 currency. */
export interface MoneyCell {
  readonly money: string;
  readonly currency: string;
}

export type Cell = string | number | Date | null | MoneyCell;

const isMoney = (cell: Cell): cell is MoneyCell =>
  typeof cell === 'object' && cell !== null && 'money' in cell;

interface TableFile {
  format: ExportFormat;
  headers: string[];
  sheetName: string;
}

/** Text a spreadsheet runs as a formula when it starts so (tab and CR too: Excel skips them first). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * Text that can only be a number or a phone number ("+44 20 7946 0000", "-12.50"): digits and
 * + - ( ) . , / and spaces call no function and reach no other program, whatever Excel makes of them.
 */
const NUMBER_LIKE = /^[\d\s()+\-.,/]+$/;

/**
 * A CSV file has no way to say "this cell is text": Excel opening it runs `=HYPERLINK(…)` or a DDE
 * call `+cmd|…`. Such a cell gets an apostrophe first (OWASP's advice; Excel shows it), while numbers
 * and phone numbers, which cannot run anything, are written as they are.
 */
const neutraliseCsvText = (text: string) =>
  FORMULA_START.test(text) && !NUMBER_LIKE.test(text) ? `'${text}` : text;

/** A field is quoted when it holds a separator either locale uses (, or ;), a tab, a quote or a line break. */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  // money as the plain decimal it is ("-35000.50"): a spreadsheet reads it as a number, exactly
  if (isMoney(value)) return value.money;
  const text = value instanceof Date ? value.toISOString() : String(value);
  const safe = typeof value === 'string' ? neutraliseCsvText(text) : text;
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

async function* csvChunks(headers: string[], feed: AsyncIterable<Cell[][]>) {
  // A byte-order mark so Excel reads UTF-8 names correctly.
  yield `\uFEFF${headers.map(csvCell).join(',')}\r\n`;
  for await (const batch of feed) yield batch.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** Characters Excel refuses in a sheet's name, and its length limit. */
const sheetTitle = (name: string) =>
  name
    .replace(/[*?:\\/[\]]/g, ' ')
    .trim()
    .slice(0, 31) || 'Sheet1';

/**
 * Money is a number cell formatted as money ("£1,234.50" as the web shows it), so the spreadsheet sums and
 * sorts it. Excel keeps numbers as doubles, exact to 15 significant digits: every amount of a money
 * column (12 whole digits and 2 decimals) is written exactly.
 */
const xlsxValue = (cell: Cell) => (isMoney(cell) ? Number(cell.money) : cell);

/**
 * A string is written as a (shared) string cell, never as a formula, so Excel shows `=…` or `+44…` as
 * the text it is, without an apostrophe; one that starts like a formula is also formatted as Text, so
 * editing the cell in Excel keeps it text.
 */
async function writeXlsx(file: TableFile, feed: AsyncIterable<Cell[][]>, stream: PassThrough) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: true,
  });
  const sheet = workbook.addWorksheet(sheetTitle(file.sheetName), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = file.headers.map((header) => ({ width: Math.min(40, Math.max(10, header.length + 4)) }));
  const heading = sheet.addRow(file.headers);
  heading.font = { bold: true };
  heading.commit();
  for await (const batch of feed)
    for (const cells of batch) {
      const row = sheet.addRow(cells.map(xlsxValue));
      cells.forEach((cell, index) => {
        if (typeof cell === 'string' && FORMULA_START.test(cell)) row.getCell(index + 1).numFmt = '@';
        if (isMoney(cell)) row.getCell(index + 1).numFmt = excelMoneyFormat(cell.currency);
      });
      row.commit();
    }
  sheet.commit();
  await workbook.commit();
}

/** A table as a CSV or Excel file, its rows fed batch by batch; runs on a worker thread. */
export async function writeTable(file: TableFile, feed: AsyncIterable<Cell[][]>): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  if (file.format === 'csv') {
    for await (const chunk of csvChunks(file.headers, feed)) parts.push(Buffer.from(chunk, 'utf8'));
    return Buffer.concat(parts);
  }
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => parts.push(chunk));
  await writeXlsx(file, feed, stream);
  return Buffer.concat(parts);
}

export const writeTableTask = defineWorkerTask(import.meta.url, 'writeTableTask', writeTable);

import ExcelJS from 'exceljs';
import type { ExportFormat, ListColumn } from '@portico/contracts';

export type Cell = string | number | Date | null;

/** The most rows an export writes; a longer list is cut there (filter it to export the rest). */
export const EXPORT_CAP = 100_000;

export interface TableExport {
  headers: string[];
  rows: AsyncIterable<Cell[][]>;
}

/** A spreadsheet opening a cell that starts with =, +, - or @ would run it as a formula. */
function defuse(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvCell(value: Cell): string {
  if (value === null) return '';
  const text = defuse(value instanceof Date ? value.toISOString() : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

async function toCsv(table: TableExport): Promise<Buffer> {
  // A byte-order mark so Excel reads UTF-8 names correctly.
  const lines = ['\uFEFF' + table.headers.map(csvCell).join(',')];
  for await (const batch of table.rows) for (const row of batch) lines.push(row.map(csvCell).join(','));
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

async function toXlsx(table: TableExport, sheetName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(table.headers).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for await (const batch of table.rows)
    for (const row of batch)
      sheet.addRow(row.map((cell) => (typeof cell === 'string' ? defuse(cell) : cell)));
  sheet.columns.forEach((column, index) => {
    column.width = Math.min(40, Math.max(10, (table.headers[index]?.length ?? 10) + 4));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A list as a CSV or Excel file, the same columns either way. */
export function exportTable(table: TableExport, format: ExportFormat, sheetName: string): Promise<Buffer> {
  return format === 'csv' ? toCsv(table) : toXlsx(table, sheetName);
}

interface RecordsExport<Row, Item, Key extends string> {
  /** every column of the list, in order (CONTACT_COLUMNS …) */
  columns: readonly ListColumn<Key>[];
  /** the keys asked for; none means every column */
  chosen: readonly string[];
  /** the repository's rows, batch by batch, in the list's order */
  batches: AsyncIterable<Row[]>;
  /** a batch of rows as the records the list shows */
  present: (batch: Row[]) => Item[] | Promise<Item[]>;
  cell: (item: Item, key: Key) => Cell;
  format: ExportFormat;
  sheetName: string;
}

/** A list's records as a file: the chosen columns, in the list's order, under their labels. */
export function exportRecords<Row, Item, Key extends string>({
  columns,
  chosen,
  batches,
  present,
  cell,
  format,
  sheetName,
}: RecordsExport<Row, Item, Key>): Promise<Buffer> {
  const shown = columns.filter((column) => chosen.length === 0 || chosen.includes(column.key));
  async function* rows() {
    for await (const batch of batches)
      yield (await present(batch)).map((item) => shown.map((column) => cell(item, column.key)));
  }
  return exportTable({ headers: shown.map((column) => column.label), rows: rows() }, format, sheetName);
}

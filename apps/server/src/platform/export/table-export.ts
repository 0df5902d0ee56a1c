import ExcelJS from 'exceljs';
import type { ExportFormat } from '@portico/contracts';

export type Cell = string | number | Date | null;

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

import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

export type SheetCell = string | number | Date;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * An Excel workbook of one sheet, written row by row with exceljs's streaming writer (quick even for
 * 60,000 rows). Each row's cells go from column A; a gap in the array is an empty cell.
 */
export async function xlsxOf(rows: Iterable<SheetCell[]>): Promise<Buffer> {
  const stream = new PassThrough();
  const parts: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => parts.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: true });
  const sheet = workbook.addWorksheet('People');
  for (const cells of rows) {
    const row = sheet.addRow([]);
    cells.forEach((value, index) => (row.getCell(index + 1).value = value));
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(parts);
}

/** Investors as an import file's rows: first name, last name, email. */
export function* importPeople(count: number): Generator<SheetCell[]> {
  for (let index = 1; index <= count; index += 1)
    yield [`Person${index}`, `Bulk${index}`, `bulk${index}@example.test`];
}

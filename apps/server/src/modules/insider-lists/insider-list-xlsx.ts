import ExcelJS from 'exceljs';
import { defineWorkerTask } from '../../platform/workers/worker-task';

/** An insider list in the template's layout, every cell already written as text on the main thread. */
export interface InsiderListXlsxInput {
  /** "Insider list: section related to Project Falcon (Falcon Ltd)" */
  title: string;
  /** the header block: [label, value] rows above the table */
  header: Array<[string, string]>;
  headings: string[];
  rows: string[][];
  sheetName: string;
}

/** Text Excel would run as a formula if typed: such a cell is formatted as Text so editing keeps it text. */
const FORMULA_START = /^[=+\-@\t\r]/;

const sheetTitle = (name: string) =>
  name
    .replace(/[*?:\\/[\]]/g, ' ')
    .trim()
    .slice(0, 31) || 'Insider list';

/**
 * The template of EU 2016/347 (as amended by 2022/1210): a title, the header block (creation, last update,
 * transmission), a blank row, the column headings and one row per person. Every value is a string cell, never a
 * formula.
 */
export async function insiderListXlsx(input: InsiderListXlsxInput): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetTitle(input.sheetName));
  const headingRow = input.header.length + 3;
  sheet.views = [{ state: 'frozen', ySplit: headingRow, xSplit: 2 }];
  sheet.columns = input.headings.map((_, index) => ({ width: index < 2 ? 22 : 30 }));
  const title = sheet.addRow([input.title]);
  title.font = { bold: true, size: 13 };
  for (const [label, value] of input.header) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    row.getCell(1).alignment = { wrapText: true, vertical: 'top' };
  }
  sheet.addRow([]);
  const headings = sheet.addRow(input.headings);
  headings.font = { bold: true };
  headings.alignment = { wrapText: true, vertical: 'top' };
  for (const cells of input.rows) {
    const row = sheet.addRow(cells);
    cells.forEach((cell, index) => {
      if (FORMULA_START.test(cell)) row.getCell(index + 1).numFmt = '@';
    });
    row.alignment = { wrapText: true, vertical: 'top' };
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer);
}

export const insiderListXlsxTask = defineWorkerTask(import.meta.url, 'insiderListXlsxTask', insiderListXlsx);

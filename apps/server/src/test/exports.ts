import ExcelJS from 'exceljs';
import { expect } from 'vitest';

interface Download {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  rawPayload: Buffer;
}

/** Checks a list export is a download of this type, named after the list and today's date. */
function expectDownload(response: Download, stem: string, format: 'csv' | 'xlsx', type: string) {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toContain(type);
  expect(response.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="${stem}-\\d{4}-\\d{2}-\\d{2}\\.${format}"$`),
  );
}

/** A CSV export's lines, without its byte-order mark, once it is checked to be a CSV download. */
export function csvLines(response: Download, stem: string) {
  expectDownload(response, stem, 'csv', 'text/csv');
  return response.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
}

/** An Excel export's first sheet: its name and its rows of cell values, the headers first. */
export async function xlsxSheet(response: Download, stem: string) {
  expectDownload(response, stem, 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  // A row's values start at index 1, as the sheet's columns do.
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet?.name, rows };
}

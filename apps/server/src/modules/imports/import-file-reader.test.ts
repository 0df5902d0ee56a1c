import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { importPeople, xlsxOf, type SheetCell } from '../../test/spreadsheets';
import { IMPORT_MAX_COLUMNS, readTable, type ReadTableResult } from './import-file-reader';

type Cell = SheetCell;

const csv = (lines: string[]) => Buffer.from(lines.join('\r\n'));

function tableOf(result: ReadTableResult) {
  if ('problem' in result) throw new Error(result.problem);
  return result.table;
}

describe('reading an import file', () => {
  it('reads a long workbook whole: every row, the asked columns in the asked order', async () => {
    const body = await xlsxOf([['First name', 'Last name', 'Email'], ...importPeople(IMPORT_MAX_ROWS)]);
    const table = tableOf(await readTable({ format: 'xlsx', body, columns: ['Email', 'First name'] }));
    expect(table.headers).toEqual(['First name', 'Last name', 'Email']);
    expect(table.rowCount).toBe(IMPORT_MAX_ROWS);
    expect(table.rows[0]).toEqual(['bulk1@example.test', 'Person1']);
    expect(table.rows.at(-1)).toEqual([`bulk${IMPORT_MAX_ROWS}@example.test`, `Person${IMPORT_MAX_ROWS}`]);
  });

  it('reads a wide, short workbook: its headings, a column only a data row fills, and sparse cells', async () => {
    const width = IMPORT_MAX_COLUMNS;
    const headings = Array.from({ length: width - 1 }, (_, index) => `Field ${index + 1}`);
    const full = Array.from({ length: width }, (_, index) => `v${index + 1}`);
    const sparse: Cell[] = [];
    sparse[9] = 'ten';
    sparse[width - 2] = 42;
    const body = await xlsxOf([headings, full, sparse]);
    const table = tableOf(
      await readTable({
        format: 'xlsx',
        body,
        columns: ['Field 1', 'Field 10', `Field ${width - 1}`, `Column ${width}`],
      }),
    );
    expect(table.headers).toHaveLength(width);
    expect(table.headers.at(-1)).toBe(`Column ${width}`);
    expect(table.rowCount).toBe(2);
    expect(table.rows).toEqual([
      ['v1', 'v10', `v${width - 1}`, `v${width}`],
      ['', 'ten', '42', ''],
    ]);
  });

  it('reads dates, formulas and blank rows in a workbook as a person sees them', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('People');
    sheet.addRow([]);
    sheet.addRow(['Name', 'Born', 'Total']);
    sheet.addRow(['Ada', new Date(Date.UTC(1980, 4, 17)), { formula: '1+1', result: 2 }]);
    sheet.addRow(['', '', '']);
    sheet.addRow(['  Bea  ', '', '']);
    const body = Buffer.from(await workbook.xlsx.writeBuffer());
    const table = tableOf(await readTable({ format: 'xlsx', body, columns: ['Name', 'Born', 'Total'] }));
    expect(table.rows).toEqual([
      ['Ada', '1980-05-17', '2'],
      ['Bea', '', ''],
    ]);
  });

  it('refuses a file over the row limit at the first row too many, before reading the rest', async () => {
    const row = (index: number) => `P${index},p${index}@x.test`;
    const lines = ['name,email', ...Array.from({ length: 2 * IMPORT_MAX_ROWS }, (_, index) => row(index))];
    // A quote that never closes, far past the limit: reading to the end would fail on it instead.
    lines.push('"broken,never closed');
    const result = await readTable({ format: 'csv', body: csv(lines), columns: [] });
    expect(result).toEqual({
      problem: 'The file has more than 10,000 rows; import at most 10,000 at a time.',
    });
    const exactly = tableOf(
      await readTable({ format: 'csv', body: csv(lines.slice(0, IMPORT_MAX_ROWS + 1)), columns: [] }),
    );
    expect(exactly.rowCount).toBe(IMPORT_MAX_ROWS);
  });

  it('reads a CSV file with a byte-order mark, semicolons, quotes and accents', async () => {
    const body = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      csv(['Name;Email;Note', 'Zoë Ł;zoe@x.test;"one; two"', '', ' Bo ;bo@x.test;']),
    ]);
    const table = tableOf(await readTable({ format: 'csv', body, columns: ['Name', 'Note'] }));
    expect(table.headers).toEqual(['Name', 'Email', 'Note']);
    expect(table.rows).toEqual([
      ['Zoë Ł', 'one; two'],
      ['Bo', ''],
    ]);
  });

  it('says what is wrong with a file it cannot take', async () => {
    const read = (lines: string[]) => readTable({ format: 'csv', body: csv(lines), columns: [] });
    expect(await read(['a,b,c'])).toEqual({ problem: 'The file has a heading row but no data rows.' });
    expect(await read(['Email,EMAIL', 'a,b'])).toEqual({
      problem: 'Two columns of the file have the same heading: give each column its own.',
    });
    const wide = Array.from({ length: IMPORT_MAX_COLUMNS + 1 }, (_, index) => `c${index}`).join(',');
    expect(await read([wide, wide])).toEqual({
      problem: `The file has more than ${IMPORT_MAX_COLUMNS} columns; keep only the columns to import.`,
    });
    const wideSheet: Cell[] = [];
    wideSheet[IMPORT_MAX_COLUMNS] = 'far right';
    expect(await readTable({ format: 'xlsx', body: await xlsxOf([['a'], wideSheet]), columns: [] })).toEqual({
      problem: `The file has more than ${IMPORT_MAX_COLUMNS} columns; keep only the columns to import.`,
    });
  });
});

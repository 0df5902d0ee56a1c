import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvCell, writeTable, type Cell } from './table-writer';

async function* feed(rows: Cell[][]) {
  yield rows;
}

async function sheetOf(body: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(body) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('writing an export', () => {
  it('quotes a CSV field holding a comma, a semicolon, a tab, a quote or a line break', () => {
    expect(['a,b', 'a;b', 'a\tb', 'say "hi"', 'two\nlines', 'plain'].map(csvCell)).toEqual([
      '"a,b"',
      '"a;b"',
      '"a\tb"',
      '"say ""hi"""',
      '"two\nlines"',
      'plain',
    ]);
  });

  it('defuses CSV text Excel would run as a formula, and leaves numbers and phone numbers alone', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(csvCell('-2+3+cmd|x!A1')).toBe("'-2+3+cmd|x!A1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1+1')).toBe(`"'\t=1+1"`);
    expect(csvCell('+44 7700 900123')).toBe('+44 7700 900123');
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(new Date(Date.UTC(2026, 0, 2)))).toBe('2026-01-02T00:00:00.000Z');
    expect(csvCell(null)).toBe('');
  });

  it('writes CSV with a byte-order mark and CRLF lines', async () => {
    const file = await writeTable(
      { format: 'csv', headers: ['Name', 'Phone'], sheetName: 'x' },
      feed([['Ada', '+44 1']]),
    );
    expect(Buffer.from(file).toString('utf8')).toBe('\uFEFFName,Phone\r\nAda,+44 1\r\n');
  });

  it('writes Excel text as text cells: no apostrophe, never a formula, kept text when edited', async () => {
    const file = await writeTable(
      { format: 'xlsx', headers: ['Name', 'Phone', 'Born', 'Amount'], sheetName: 'Investors: A/B [UK]' },
      feed([
        ['=HYPERLINK("http://evil")', '+44 7700 900123', new Date(Date.UTC(1980, 4, 17)), -12.5],
        ['Ada', null, null, 3],
      ]),
    );
    const sheet = await sheetOf(file);
    expect(sheet.name).toBe('Investors  A B  UK');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const [name, phone, born, amount] = [1, 2, 3, 4].map((column) => sheet.getRow(2).getCell(column));
    expect(name?.type).toBe(ExcelJS.ValueType.String);
    expect(name?.value).toBe('=HYPERLINK("http://evil")');
    expect(name?.formula).toBeUndefined();
    expect(name?.numFmt).toBe('@');
    expect(phone?.value).toBe('+44 7700 900123');
    expect(phone?.type).toBe(ExcelJS.ValueType.String);
    expect(born?.value).toEqual(new Date(Date.UTC(1980, 4, 17)));
    expect(amount?.value).toBe(-12.5);
    expect(sheet.getRow(3).getCell(1).value).toBe('Ada');
    expect(sheet.getRow(3).getCell(1).numFmt).toBeUndefined();
  });

  it('writes money as a number cell formatted as money in Excel, and as the plain decimal in a CSV', async () => {
    const rows: Cell[][] = [
      ['Seed', { money: '1234.50', currency: 'GBP' }],
      ['Loss', { money: '-35000.00', currency: 'GBP' }],
      ['Zurich', { money: '999999999999.99', currency: 'CHF' }],
    ];
    const csv = await writeTable({ format: 'csv', headers: ['Round', 'Target'], sheetName: 'x' }, feed(rows));
    expect(Buffer.from(csv).toString('utf8')).toBe(
      '\uFEFFRound,Target\r\nSeed,1234.50\r\nLoss,-35000.00\r\nZurich,999999999999.99\r\n',
    );
    const sheet = await sheetOf(
      await writeTable({ format: 'xlsx', headers: ['Round', 'Target'], sheetName: 'x' }, feed(rows)),
    );
    const cells = [2, 3, 4].map((row) => sheet.getRow(row).getCell(2));
    expect(cells.map((cell) => cell.type)).toEqual([
      ExcelJS.ValueType.Number,
      ExcelJS.ValueType.Number,
      ExcelJS.ValueType.Number,
    ]);
    expect(cells.map((cell) => cell.value)).toEqual([1234.5, -35000, 999999999999.99]);
    expect(cells.map((cell) => cell.numFmt)).toEqual([
      '"£"#,##0.00;"−£"#,##0.00',
      '"£"#,##0.00;"−£"#,##0.00',
      '"CHF "#,##0.00;"−CHF "#,##0.00',
    ]);
  });
});

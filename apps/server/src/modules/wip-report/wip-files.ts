import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  excelMoneyFormat,
  formatMoney,
  type WipAmount,
  type WipExportFormat,
  type WipManager,
  type WipReport,
} from '@portico/contracts';
import { defineWorkerTask } from '../../platform/workers/worker-task';
import { fit, printable } from '../../platform/pdf/pdf-text';

/** A cell of a WIP table: text, a whole number, or money in its currency (a number cell in Excel). */
type Cell = string | number | null | { money: string; currency: string };
interface Table {
  title: string;
  headers: string[];
  /** relative widths of the columns in the PDF */
  widths: number[];
  rows: Cell[][];
  /** the totals rows, bold */
  totals: Cell[][];
}

const STATUS_NAMES: Record<number, string> = { 2: 'Live - External', 3: 'Live - Internal', 4: 'Closed' };
const managerName = (value: WipManager) => value?.name ?? 'No manager';
const money = (amount: string | null, currency: string): Cell =>
  amount === null ? null : { money: amount, currency };
const isMoney = (cell: Cell): cell is { money: string; currency: string } =>
  typeof cell === 'object' && cell !== null;
const amountsText = (amounts: WipAmount[]) =>
  amounts.length === 0 ? '—' : amounts.map((line) => formatMoney(line.amount, line.currency)).join(' + ');

/** One totals row per currency, the money columns at the given indexes and the label first. */
function totalsRows(
  width: number,
  label: string,
  columns: Array<[index: number, amounts: WipAmount[]]>,
  extra: Array<[index: number, value: Cell]> = [],
): Cell[][] {
  const currencies = [
    ...new Set(columns.flatMap(([, amounts]) => amounts.map((line) => line.currency))),
  ].sort();
  if (currencies.length === 0) currencies.push('GBP');
  return currencies.map((currency, position) => {
    const row: Cell[] = Array.from({ length: width }, () => null);
    row[0] = currencies.length > 1 ? `${label} (${currency})` : label;
    for (const [index, amounts] of columns)
      row[index] = money(amounts.find((line) => line.currency === currency)?.amount ?? '0.00', currency);
    if (position === 0) for (const [index, value] of extra) row[index] = value;
    return row;
  });
}

/** The report's sections as tables, the same for Excel and PDF. */
export function wipTables(report: WipReport): Table[] {
  const deals: Table = {
    title: 'Deals by pipeline and stage',
    headers: ['Pipeline', 'Stage', 'Deals', 'Value'],
    widths: [3, 3, 1, 2],
    rows: report.pipelines.flatMap((pipeline) =>
      pipeline.stages.map((stage): Cell[] => [
        pipeline.name,
        stage.name,
        stage.deals,
        money(stage.value, 'GBP'),
      ]),
    ),
    totals: [['Total', null, report.deals.count, money(report.deals.value, 'GBP')]],
  };
  const raises: Table = {
    title: 'Live raises',
    headers: [
      'Opportunity',
      'Status',
      'Investment manager',
      'Target',
      'Committed',
      'Paid',
      '% of target',
      'Remaining',
      'Close date',
    ],
    widths: [3, 1.6, 2, 1.7, 1.7, 1.7, 1, 1.7, 1.4],
    rows: report.raises.map((raise): Cell[] => [
      raise.name,
      STATUS_NAMES[raise.status] ?? String(raise.status),
      managerName(raise.manager),
      money(raise.target, raise.currency),
      money(raise.committed, raise.currency),
      money(raise.paid, raise.currency),
      raise.percent_of_target === null ? null : `${raise.percent_of_target.toFixed(1)}%`,
      money(raise.remaining, raise.currency),
      raise.closing_date,
    ]),
    totals: totalsRows(9, 'Total', [
      [3, report.raise_totals.target],
      [4, report.raise_totals.committed],
      [5, report.raise_totals.paid],
      [7, report.raise_totals.remaining],
    ]),
  };
  const calls: Table = {
    title: 'Cash calls outstanding',
    headers: ['Opportunity', 'Investment manager', 'Called', 'Outstanding', 'Due date', 'Days overdue'],
    widths: [3, 2, 1.7, 1.7, 1.4, 1.2],
    rows: report.cash_calls.map((call): Cell[] => [
      call.opportunity.name,
      managerName(call.manager),
      money(call.amount, call.currency),
      money(call.outstanding, call.currency),
      call.due_date,
      call.days_overdue,
    ]),
    totals: [
      ...totalsRows(6, 'Total outstanding', [[3, report.cash_call_totals.outstanding]]),
      ...totalsRows(
        6,
        'Of which overdue',
        [[3, report.cash_call_totals.overdue]],
        [[5, report.cash_call_totals.overdue_count]],
      ),
    ],
  };
  const managers: Table = {
    title: 'By investment manager',
    headers: [
      'Investment manager',
      'Raises',
      'Target',
      'Committed',
      'Paid',
      'Cash calls',
      'Outstanding',
      'Overdue',
    ],
    widths: [2.4, 1, 2, 2, 2, 1, 2, 2],
    rows: report.by_manager.map((group): Cell[] => [
      managerName(group.manager),
      group.raises,
      amountsText(group.target),
      amountsText(group.committed),
      amountsText(group.paid),
      group.cash_calls,
      amountsText(group.outstanding),
      amountsText(group.overdue),
    ]),
    totals: [],
  };
  return [deals, raises, calls, managers];
}

const SHEET_NAMES = ['Deals', 'Live raises', 'Cash calls', 'By manager'];

async function writeXlsx(report: WipReport): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => parts.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: true,
  });
  wipTables(report).forEach((table, index) => {
    const sheet = workbook.addWorksheet(SHEET_NAMES[index] ?? `Sheet${index + 1}`, {
      views: [{ state: 'frozen', ySplit: 2 }],
    });
    sheet.columns = table.headers.map((header) => ({ width: Math.min(40, Math.max(12, header.length + 6)) }));
    const title = sheet.addRow([`${table.title}, ${report.as_of}`]);
    title.font = { bold: true };
    title.commit();
    const heading = sheet.addRow(table.headers);
    heading.font = { bold: true };
    heading.commit();
    const write = (cells: Cell[], bold: boolean) => {
      const row = sheet.addRow(cells.map((cell) => (isMoney(cell) ? Number(cell.money) : cell)));
      cells.forEach((cell, column) => {
        const target = row.getCell(column + 1);
        if (isMoney(cell)) target.numFmt = excelMoneyFormat(cell.currency);
        // text is never a formula, and reads as the text it is
        else if (typeof cell === 'string' && /^[=+\-@]/.test(cell)) target.numFmt = '@';
      });
      if (bold) row.font = { bold: true };
      row.commit();
    };
    for (const cells of table.rows) write(cells, false);
    for (const cells of table.totals) write(cells, true);
    sheet.commit();
  });
  await workbook.commit();
  return Buffer.concat(parts);
}

const cellText = (cell: Cell): string =>
  cell === null ? '—' : isMoney(cell) ? formatMoney(cell.money, cell.currency) : String(cell);

/** A4 landscape, a clean table per section, dated with the London date, pages numbered. */
async function writePdf(report: WipReport): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`WIP report ${report.as_of}`);
  doc.setCreationDate(new Date(report.generated_at));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [pageWidth, pageHeight] = [841.89, 595.28];
  const margin = 36;
  const width = pageWidth - margin * 2;
  const size = 8.5;
  const rowHeight = 16;
  const ink = rgb(0.1, 0.12, 0.16);
  const muted = rgb(0.42, 0.45, 0.5);
  const rule = rgb(0.85, 0.87, 0.9);
  const shade = rgb(0.95, 0.96, 0.97);
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;

  const newPage = () => {
    page = doc.addPage([pageWidth, pageHeight]);
    pages.push(page);
    y = pageHeight - margin;
    page.drawText(printable(bold, 'WIP report'), { x: margin, y: y - 14, size: 16, font: bold, color: ink });
    const dated = `As of ${report.as_of} (London)`;
    page.drawText(dated, {
      x: pageWidth - margin - regular.widthOfTextAtSize(dated, 9),
      y: y - 12,
      size: 9,
      font: regular,
      color: muted,
    });
    y -= 34;
  };

  const drawRow = (table: Table, cells: Cell[], font: PDFFont, fill?: ReturnType<typeof rgb>) => {
    const total = table.widths.reduce((a, b) => a + b, 0);
    if (fill) page.drawRectangle({ x: margin, y: y - rowHeight + 4, width, height: rowHeight, color: fill });
    let x = margin;
    cells.forEach((cell, index) => {
      const columnWidth = ((table.widths[index] ?? 1) / total) * width;
      const text = fit(font, cellText(cell), size, columnWidth - 6);
      const right = isMoney(cell) || typeof cell === 'number';
      const textWidth = font.widthOfTextAtSize(text, size);
      page.drawText(text, {
        x: right ? x + columnWidth - 4 - textWidth : x + 2,
        y: y - rowHeight + 9,
        size,
        font,
        color: ink,
      });
      x += columnWidth;
    });
    page.drawLine({
      start: { x: margin, y: y - rowHeight + 4 },
      end: { x: margin + width, y: y - rowHeight + 4 },
      thickness: 0.5,
      color: rule,
    });
    y -= rowHeight;
  };

  newPage();
  for (const table of wipTables(report)) {
    if (y - rowHeight * 3 < margin) newPage();
    y -= 8;
    page.drawText(printable(bold, table.title), { x: margin, y: y - 10, size: 11, font: bold, color: ink });
    y -= 18;
    const header = () => drawRow(table, table.headers, bold, shade);
    header();
    if (table.rows.length === 0) {
      page.drawText('Nothing to show.', {
        x: margin + 2,
        y: y - rowHeight + 9,
        size,
        font: regular,
        color: muted,
      });
      y -= rowHeight;
    }
    for (const cells of [...table.rows, ...table.totals]) {
      if (y - rowHeight < margin + 14) {
        newPage();
        header();
      }
      drawRow(table, cells, table.rows.includes(cells) ? regular : bold);
    }
    y -= 10;
  }
  pages.forEach((each, index) => {
    const label = `Page ${index + 1} of ${pages.length}`;
    each.drawText(label, {
      x: pageWidth - margin - regular.widthOfTextAtSize(label, 8),
      y: margin - 18,
      size: 8,
      font: regular,
      color: muted,
    });
  });
  return doc.save();
}

export async function writeWipFile(input: {
  format: WipExportFormat;
  report: WipReport;
}): Promise<Uint8Array> {
  return input.format === 'pdf' ? writePdf(input.report) : writeXlsx(input.report);
}

export const writeWipFileTask = defineWorkerTask(import.meta.url, 'writeWipFileTask', writeWipFile);

import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { defineWorkerTask } from '../../platform/workers/worker-task';
import { A4, INK, MUTED, RULE, fit, printable, wrap } from '../../platform/pdf/pdf-text';

/** An EIS/SEIS relief statement, every text already formatted on the main thread. */
export interface TaxReliefPdfInput {
  appName: string;
  investorName: string;
  /** "As at 27 November 2026" */
  dateLine: string;
  /** newest tax year first */
  years: Array<{
    label: string;
    rows: Array<{
      date: string;
      company: string;
      scheme: string;
      amount: string;
      relief: string;
      certificate: string;
    }>;
    totals: Array<{ label: string; amount: string; relief: string }>;
  }>;
  note: string;
}

const MARGIN = 48;

/** The relief statement as a PDF: the investor, the date, each tax year's share issues and totals. */
export async function taxReliefPdf(input: TaxReliefPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(printable(regular, `EIS/SEIS relief statement: ${input.investorName}`));
  doc.setProducer(input.appName);
  doc.setCreator(input.appName);
  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;

  // columns: date, company, scheme, amount (right), relief (right), certificate
  const columns = { date: 0, company: 72, scheme: 200, amount: 318, relief: 383, certificate: 393 };
  const room = (height: number) => {
    if (y - height >= MARGIN) return false;
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
    return true;
  };
  const text = (value: string, x: number, font: PDFFont, size: number, color = INK, right = false) => {
    const shown = printable(font, value);
    const at = right ? x - font.widthOfTextAtSize(shown, size) : x;
    page.drawText(shown, { x: at, y, size, font, color });
  };
  const line = (value: string, font: PDFFont, size: number, color = INK, gap = 4) => {
    room(size + gap);
    y -= size;
    page.drawText(fit(font, value, size, width), { x: MARGIN, y, size, font, color });
    y -= gap;
  };
  const rule = () => {
    page.drawLine({
      start: { x: MARGIN, y: y - 4 },
      end: { x: MARGIN + width, y: y - 4 },
      thickness: 0.5,
      color: RULE,
    });
    y -= 10;
  };
  const header = () => {
    room(24);
    y -= 8;
    text('Date', MARGIN + columns.date, bold, 8, MUTED);
    text('Company', MARGIN + columns.company, bold, 8, MUTED);
    text('Scheme', MARGIN + columns.scheme, bold, 8, MUTED);
    text('Invested', MARGIN + columns.amount, bold, 8, MUTED, true);
    text('Relief', MARGIN + columns.relief, bold, 8, MUTED, true);
    text('Certificate', MARGIN + columns.certificate, bold, 8, MUTED);
    rule();
  };

  line(input.appName, regular, 9, MUTED, 12);
  line('EIS/SEIS relief statement', bold, 20, INK, 8);
  line(input.investorName, regular, 11, MUTED, 2);
  line(input.dateLine, regular, 11, MUTED, 18);

  if (input.years.length === 0)
    line('No share issues qualify for EIS or SEIS relief.', regular, 10, MUTED, 12);
  for (const year of input.years) {
    room(60);
    line(year.label, bold, 12, INK, 6);
    header();
    for (const row of year.rows) {
      if (room(16)) header();
      y -= 9;
      text(fit(regular, row.date, 9, columns.company - 4), MARGIN + columns.date, regular, 9);
      text(
        fit(regular, row.company, 9, columns.scheme - columns.company - 6),
        MARGIN + columns.company,
        regular,
        9,
      );
      text(fit(regular, row.scheme, 9, 60), MARGIN + columns.scheme, regular, 9);
      text(row.amount, MARGIN + columns.amount, regular, 9, INK, true);
      text(row.relief, MARGIN + columns.relief, regular, 9, INK, true);
      text(
        fit(regular, row.certificate, 8, width - columns.certificate),
        MARGIN + columns.certificate,
        regular,
        8,
        MUTED,
      );
      y -= 6;
    }
    for (const total of year.totals) {
      room(16);
      y -= 10;
      text(fit(bold, total.label, 9, columns.amount - 80), MARGIN, bold, 9);
      text(total.amount, MARGIN + columns.amount, bold, 9, INK, true);
      text(total.relief, MARGIN + columns.relief, bold, 9, INK, true);
      y -= 6;
    }
    y -= 14;
  }
  for (const part of wrap(regular, input.note, 8, width)) line(part, regular, 8, MUTED, 3);
  return doc.save();
}

/** Loaded and run on a worker thread only. */
export const taxReliefPdfTask = defineWorkerTask(import.meta.url, 'taxReliefPdfTask', taxReliefPdf);

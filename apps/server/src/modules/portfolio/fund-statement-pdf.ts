import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { defineWorkerTask } from '../../platform/workers/worker-task';
import { A4, INK, MUTED, RULE, fit, printable } from '../../platform/pdf/pdf-text';

/** A capital account statement, every text already formatted on the main thread. */
export interface FundStatementInput {
  appName: string;
  fundName: string;
  investorName: string;
  /** "As at 27 November 2026" */
  dateLine: string;
  /** the figures, in order: label and formatted value */
  summary: Array<{ label: string; value: string }>;
  /** every dated entry, oldest first: day as shown, what it is, amount as shown */
  entries: Array<{ date: string; text: string; amount: string }>;
}

const MARGIN = 56;

/** A capital account statement as a PDF: the fund, the investor, the date, the figures, every entry. */
export async function fundStatementPdf(input: FundStatementInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(printable(regular, `Capital account statement: ${input.fundName}`));
  doc.setProducer(input.appName);
  doc.setCreator(input.appName);
  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;

  const room = (height: number) => {
    if (y - height >= MARGIN) return;
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
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

  line(input.appName, regular, 9, MUTED, 12);
  line('Capital account statement', bold, 20, INK, 8);
  line(input.fundName, bold, 13, INK, 4);
  line(input.investorName, regular, 11, MUTED, 2);
  line(input.dateLine, regular, 11, MUTED, 18);

  for (const figure of input.summary) {
    room(15);
    y -= 11;
    text(fit(regular, figure.label, 11, width * 0.6), MARGIN, regular, 11, MUTED);
    text(figure.value, MARGIN + width, bold, 11, INK, true);
    y -= 4;
  }
  y -= 14;
  line('Entries', bold, 13, INK, 6);
  if (input.entries.length === 0) line('No entries yet.', regular, 10, MUTED);
  const dateWidth = 90;
  const amountWidth = 110;
  const header = () => {
    room(24);
    y -= 9;
    text('Date', MARGIN, bold, 9, MUTED);
    text('Entry', MARGIN + dateWidth, bold, 9, MUTED);
    text('Amount', MARGIN + width, bold, 9, MUTED, true);
    rule();
  };
  if (input.entries.length > 0) header();
  for (const entry of input.entries) {
    if (y - 16 < MARGIN) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
      header();
    }
    y -= 10;
    text(entry.date, MARGIN, regular, 10);
    text(fit(regular, entry.text, 10, width - dateWidth - amountWidth), MARGIN + dateWidth, regular, 10);
    text(entry.amount, MARGIN + width, regular, 10, INK, true);
    y -= 6;
  }
  return doc.save();
}

/** Loaded and run on a worker thread only. */
export const fundStatementPdfTask = defineWorkerTask(
  import.meta.url,
  'fundStatementPdfTask',
  fundStatementPdf,
);

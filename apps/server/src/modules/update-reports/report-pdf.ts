import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { defineWorkerTask } from '../../platform/workers/worker-task';
import { A4, INK, MUTED, printable, wrap } from '../../platform/pdf/pdf-text';

export interface ReportPdfInput {
  appName: string;
  title: string;
  /** "General news" or the company's name */
  about: string;
  /** the publication date as shown ("12 March 2026"), with "corrected on …" when corrected */
  dateLine: string;
  /** the body's plain text, one paragraph a line */
  text: string;
  attachments: string[];
}

const MARGIN = 56;

/** An update report as a PDF: title, company, date, the text, the attachments' names. */
export async function reportPdf(input: ReportPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(printable(await doc.embedFont(StandardFonts.Helvetica), input.title));
  doc.setProducer(input.appName);
  doc.setCreator(input.appName);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;

  const write = (text: string, font: PDFFont, size: number, color = INK, gap = 4) => {
    for (const line of wrap(font, text, size, width)) {
      if (y - size < MARGIN) {
        page = doc.addPage(A4);
        y = A4[1] - MARGIN;
      }
      y -= size;
      page.drawText(line, { x: MARGIN, y, size, font, color });
      y -= gap;
    }
  };

  write(input.appName, regular, 9, MUTED, 12);
  write(input.title, bold, 20, INK, 8);
  write(input.about, regular, 11, MUTED, 2);
  write(input.dateLine, regular, 11, MUTED, 18);
  for (const paragraph of input.text.split('\n')) {
    write(paragraph, regular, 11, INK, 4);
    y -= 6;
  }
  if (input.attachments.length > 0) {
    y -= 10;
    write('Attachments', bold, 12, INK, 6);
    for (const name of input.attachments) write(`• ${name}`, regular, 11, INK, 4);
  }
  return doc.save();
}

/** Loaded and run on a worker thread only. */
export const reportPdfTask = defineWorkerTask(import.meta.url, 'reportPdfTask', reportPdf);

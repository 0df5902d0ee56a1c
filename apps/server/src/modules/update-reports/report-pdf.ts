import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { defineWorkerTask } from '../../platform/workers/worker-task';

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

const INK = rgb(0.1, 0.12, 0.2);
const MUTED = rgb(0.4, 0.42, 0.48);
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

/** The standard fonts hold only Windows-1252: accents go where that helps, else "?". */
function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/[\r\t]+/g, ' ')]
    .map((char) => {
      if (supported.has(char.codePointAt(0) ?? 0)) return char;
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      if (base && [...base].every((part) => supported.has(part.codePointAt(0) ?? 0))) return base;
      return '?';
    })
    .join('');
}

/** Splits a paragraph into lines no wider than the width (a word too long is cut). */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(font, text).split(' ')) {
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
      if (line) lines.push(line);
      lines.push(rest.slice(0, cut));
      line = '';
      rest = rest.slice(cut);
    }
    const candidate = line ? `${line} ${rest}` : rest;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines;
}

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

import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { defineWorkerTask } from '../../platform/workers/worker-task';
import { A4, INK, MUTED, printable, wrap } from '../../platform/pdf/pdf-text';

export interface SignatureStamp {
  title: string;
  requestId: number;
  signerName: string;
  signerEmail: string;
  signedAt: Date;
  ip: string;
  /** SHA-256 (hex) of the document as it was presented for signing */
  documentHash: string;
  consentText: string;
  signature: { kind: 'typed'; text: string } | { kind: 'drawn'; png: Uint8Array };
}

const sha256Hex = (body: Uint8Array) => createHash('sha256').update(body).digest('hex');

/** Whether pdf-lib can open the PDF and reach its pages (not encrypted, not damaged, not empty). */
async function canStamp(pdf: Uint8Array): Promise<boolean> {
  try {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    return doc.getPageCount() > 0;
  } catch {
    return false;
  }
}

/** A short line at the foot of every original page, pointing at the certificate page. */
function footer(page: PDFPage, font: PDFFont, text: string) {
  const box = page.getMediaBox();
  const size = 7;
  const [line] = wrap(font, text, size, box.width - 48);
  page.drawText(line ?? '', { x: box.x + 24, y: box.y + 12, size, font, color: MUTED });
}

/**
 * The signed copy: the original pages, each with a footer, and a signature certificate page with the
 * signature (the typed name in an italic face, or the drawn image), the signer, their email, the time
 * (UTC), their IP address, the request and the SHA-256 of the original. The hash and the request id
 * are also written into the PDF's keywords.
 */
async function stampSignedPdf(original: Uint8Array, stamp: SignatureStamp): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const script = await doc.embedFont(StandardFonts.TimesRomanBoldItalic);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const when = stamp.signedAt.toISOString();

  for (const page of doc.getPages())
    footer(
      page,
      regular,
      `Signed electronically by ${stamp.signerName} on ${when} (UTC), request #${stamp.requestId}; see the signature certificate on the last page.`,
    );

  const page = doc.addPage(A4);
  const margin = 56;
  const width = A4[0] - margin * 2;
  let y = A4[1] - margin;
  const write = (text: string, font: PDFFont, size: number, color = INK, gap = 4) => {
    for (const line of wrap(font, text, size, width)) {
      y -= size;
      page.drawText(line, { x: margin, y, size, font, color });
      y -= gap;
    }
  };

  write('Signature certificate', bold, 20, INK, 10);
  write(stamp.title, bold, 13, INK, 14);
  write('Signature', regular, 9, MUTED, 8);
  if (stamp.signature.kind === 'typed') {
    write(stamp.signature.text, script, 30, INK, 10);
  } else {
    const image = await doc.embedPng(stamp.signature.png);
    const scale = Math.min(240 / image.width, 90 / image.height, 1);
    const drawn = { width: image.width * scale, height: image.height * scale };
    y -= drawn.height;
    page.drawImage(image, { x: margin, y, ...drawn });
    y -= 10;
  }
  page.drawLine({
    start: { x: margin, y },
    end: { x: margin + 260, y },
    thickness: 0.75,
    color: MUTED,
  });
  y -= 18;

  const fields: Array<[string, string, PDFFont]> = [
    ['Signed by', stamp.signerName, regular],
    ['Email', stamp.signerEmail, regular],
    ['Signed at (UTC)', when, regular],
    ['IP address', stamp.ip, regular],
    ['Signature', stamp.signature.kind === 'typed' ? 'Typed' : 'Drawn', regular],
    ['Request', `#${stamp.requestId}`, regular],
    ['Original document SHA-256', stamp.documentHash, mono],
  ];
  for (const [label, value, font] of fields) {
    write(label, bold, 9, MUTED, 2);
    write(value, font, 10, INK, 10);
  }
  y -= 6;
  write('The signer confirmed:', bold, 9, MUTED, 2);
  write(stamp.consentText, regular, 10, INK, 10);

  doc.setTitle(`${printable(regular, stamp.title)} (signed)`);
  doc.setSubject(`Signed electronically by ${printable(regular, stamp.signerName)} on ${when}`);
  doc.setKeywords([`signature-request:${stamp.requestId}`, `sha256:${stamp.documentHash}`]);
  doc.setProducer('Portico');
  doc.setModificationDate(stamp.signedAt);
  return doc.save();
}

/** The signed copy, and the SHA-256 of the original (written into it) and of the copy. */
interface SignedPdf {
  pdf: Uint8Array;
  documentHash: string;
  signedHash: string;
}

async function signPdf(
  original: Uint8Array,
  stamp: Omit<SignatureStamp, 'documentHash'>,
): Promise<SignedPdf> {
  const documentHash = sha256Hex(original);
  const pdf = await stampSignedPdf(original, { ...stamp, documentHash });
  return { pdf, documentHash, signedHash: sha256Hex(pdf) };
}

// Reading and writing a PDF of hundreds of pages (and hashing 20 MB) takes seconds of CPU: on a worker
// thread, never on the event loop.
export const canStampTask = defineWorkerTask(import.meta.url, 'canStampTask', canStamp);
export const signPdfTask = defineWorkerTask(
  import.meta.url,
  'signPdfTask',
  (input: { original: Uint8Array; stamp: Omit<SignatureStamp, 'documentHash'> }) =>
    signPdf(input.original, input.stamp),
);

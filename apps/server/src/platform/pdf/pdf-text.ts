import { rgb, type PDFFont } from 'pdf-lib';

/*
 * What every PDF the platform draws shares (statements, reports, the WIP report, signed copies): the ink,
 * the page and text that the standard fonts can print. Imported only by worker-thread tasks: pdf-lib stays
 * off the main thread.
 */

export const INK = rgb(0.1, 0.12, 0.2);
export const MUTED = rgb(0.4, 0.42, 0.48);
export const RULE = rgb(0.85, 0.86, 0.9);
export const A4: [number, number] = [595.28, 841.89];

/**
 * The standard fonts hold only Windows-1252: line breaks and tabs become spaces, a minus sign a hyphen,
 * accented letters lose their accents (Ł and ł become L and l), anything else "?", rather than failing.
 */
export function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/[\r\n\t]+/g, ' ').replace(/\u2212/g, '-')]
    .map((char) => {
      if (supported.has(char.codePointAt(0) ?? 0)) return char;
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      if (base && [...base].every((part) => supported.has(part.codePointAt(0) ?? 0))) return base;
      return char === 'Ł' ? 'L' : char === 'ł' ? 'l' : '?';
    })
    .join('');
}

/** A text cut to the width, with an ellipsis when it had to be cut. */
export function fit(font: PDFFont, text: string, size: number, width: number): string {
  let line = printable(font, text);
  if (font.widthOfTextAtSize(line, size) <= width) return line;
  while (line.length > 1 && font.widthOfTextAtSize(`${line}…`, size) > width) line = line.slice(0, -1);
  return `${line}…`;
}

/** Words wrapped to the width; a word wider than the width is broken across lines. */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
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

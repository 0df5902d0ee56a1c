/**
 * What a file really is, read from its first bytes — never from its name or the type the browser
 * claims. Answers the content type and the extension we store it under, or null when unknown.
 */
export interface DetectedType {
  contentType: string;
  extension: string;
}

const startsWith = (body: Buffer, bytes: number[], offset = 0) =>
  body.length >= offset + bytes.length && bytes.every((byte, index) => body[offset + index] === byte);

function looksLikeSvg(body: Buffer): boolean {
  const head = body
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head);
}

export function detectFileType(body: Buffer): DetectedType | null {
  if (startsWith(body, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: 'image/png', extension: 'png' };
  if (startsWith(body, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(body, [0x47, 0x49, 0x46, 0x38])) return { contentType: 'image/gif', extension: 'gif' };
  if (startsWith(body, [0x52, 0x49, 0x46, 0x46]) && startsWith(body, [0x57, 0x45, 0x42, 0x50], 8))
    return { contentType: 'image/webp', extension: 'webp' };
  if (startsWith(body, [0x00, 0x00, 0x01, 0x00])) return { contentType: 'image/x-icon', extension: 'ico' };
  if (startsWith(body, [0x25, 0x50, 0x44, 0x46, 0x2d]))
    return { contentType: 'application/pdf', extension: 'pdf' };
  if (looksLikeSvg(body)) return { contentType: 'image/svg+xml', extension: 'svg' };
  if (startsWith(body, [0x50, 0x4b, 0x03, 0x04])) {
    // Office files are ZIP archives; their part names say which kind.
    const names = body.subarray(0, 64 * 1024).toString('latin1');
    if (names.includes('word/'))
      return {
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        extension: 'docx',
      };
    if (names.includes('xl/'))
      return {
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        extension: 'xlsx',
      };
    return null;
  }
  if (looksLikeCsv(body)) return { contentType: 'text/csv', extension: 'csv' };
  return null;
}

/** Text with no NUL bytes, valid UTF-8, and a comma or semicolon on its first line. */
function looksLikeCsv(body: Buffer): boolean {
  const head = body.subarray(0, 8192);
  if (head.includes(0)) return false;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  if (text.includes('\uFFFD')) return false;
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
  return /[,;]/.test(firstLine);
}

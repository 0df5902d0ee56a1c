import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1PX, SAFE_SVG } from '../../test/files';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Stores a file under documents/ and fetches it through a signed link, as a browser would. */
async function served(name: string, body: Buffer, contentType: string) {
  await t.ctx.storage.put(`documents/${name}`, body, contentType);
  const url = new URL(t.ctx.signer.sign(`/files/documents/${name}`, new Date(Date.now() + 60_000)));
  const response = await t.request({ url: url.pathname + url.search });
  expect(response.statusCode).toBe(200);
  return response;
}

const directives = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((part) => part.trim());

describe('files', () => {
  it('serves a PDF without a sandbox, so the browser’s viewer shows it in our pages, and runs nothing', async () => {
    const response = await served('agreement.pdf', PDF, 'application/pdf');
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const csp = directives(response.headers['content-security-policy']);
    expect(csp).not.toContain('sandbox');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('keeps the sandbox for every other file, and for a “PDF” whose content is not one', async () => {
    for (const [name, body, type] of [
      ['logo.png', PNG_1PX, 'image/png'],
      ['drawing.svg', SAFE_SVG, 'image/svg+xml'],
      ['fake.pdf', HTML, 'application/pdf'],
    ] as const) {
      const response = await served(name, body, type);
      expect(response.headers['x-content-type-options'], name).toBe('nosniff');
      const csp = directives(response.headers['content-security-policy']);
      expect(csp, name).toContain('sandbox');
      expect(csp, name).toContain("default-src 'none'");
    }
  });

  it('lets the app’s pages frame files of their own origin, and no one frame the app', async () => {
    const csp = directives((await t.request({ url: '/health' })).headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

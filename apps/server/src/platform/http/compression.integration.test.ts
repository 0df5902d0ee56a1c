import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

/** A built web app as `npm run build` leaves it: hashed assets with a .br and a .gz beside each. */
const SCRIPT = `console.log(${JSON.stringify('portico '.repeat(400))});`;
const PAGE = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

async function writeDist(dir: string) {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await mkdir(path.join(dir, '.vite'), { recursive: true });
  const files: Array<[string, string]> = [
    ['index.html', PAGE],
    ['assets/index-abc123.js', SCRIPT],
  ];
  for (const [name, body] of files) {
    await writeFile(path.join(dir, name), body);
    await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(body));
    await writeFile(path.join(dir, `${name}.gz`), gzipSync(body));
  }
  await writeFile(path.join(dir, '.vite/manifest.json'), '{}');
}

describe('compression', () => {
  let t: TestApp;
  let dist: string;
  let admin: Agent;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'portico-dist-'));
    await writeDist(dist);
    t = await createTestApp({ WEB_DIST: dist });
    admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
    // Enough accounts for the list to pass the 1 kB threshold.
    for (let i = 0; i < 8; i++) await createStaff(t.ctx.db, ROLES.SUPPORT);
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves a hashed asset precompressed as the client prefers, immutable, varying on Accept-Encoding', async () => {
    const url = '/assets/index-abc123.js';
    const br = await t.request({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await t.request({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.request({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe(SCRIPT);
  });

  it('serves index.html compressed and never cached, for / and for client-side routes', async () => {
    for (const url of ['/', '/investor']) {
      const page = await t.request({
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(PAGE);
    }
  });

  it('does not serve the build manifest', async () => {
    expect((await t.request({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });

  it('compresses a JSON answer over 1 kB for a client that accepts it, and only then', async () => {
    const url = '/api/admin-accounts?per_page=50';
    const br = await admin.get(url, { headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const body = JSON.parse(brotliDecompressSync(br.rawPayload).toString()) as { data: unknown[] };
    expect(body.data.length).toBeGreaterThan(0);

    const gzip = await admin.get(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(body);

    // Tests (light-my-request) send no Accept-Encoding: the body stays plain JSON.
    const plain = await admin.get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(body);
  });

  it('leaves a small answer uncompressed', async () => {
    const small = await t.request({ url: '/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('compresses a CSV export and keeps its download headers', async () => {
    const csv = await admin.get('/api/investors/export?format=csv&columns=name,email', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="investors-/);
    const text =
      csv.headers['content-encoding'] === 'gzip' ? gunzipSync(csv.rawPayload).toString() : csv.body;
    expect(text.replace(/^\uFEFF/, '')).toMatch(/^Name,Email/);
  });
});

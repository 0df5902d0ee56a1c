import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withMethodOverride } from './method-override';

/** A real HTTP server: the method seen after spoofing, and the body still readable after the peek. */
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer(
    withMethodOverride((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () =>
        res.end(JSON.stringify({ method: req.method, body: Buffer.concat(chunks).toString('utf8') })),
      );
    }, 64 * 1024),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(options: {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  chunked?: boolean;
}) {
  return new Promise<{ method: string; body: string }>((resolve, reject) => {
    const body = options.body ?? '';
    const headers = {
      ...options.headers,
      ...(options.chunked ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
    };
    const req = httpRequest(
      { host: '127.0.0.1', port, method: options.method ?? 'POST', path: options.path ?? '/', headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { method: string; body: string }),
        );
      },
    );
    req.on('error', reject);
    if (options.chunked) {
      // Two chunks, sent apart, with no content-length.
      req.write(body.slice(0, 5));
      setTimeout(() => req.end(body.slice(5)), 20);
    } else req.end(body);
  });
}

describe('method spoofing over real HTTP', () => {
  it('reads _method from a JSON body and leaves the body intact', async () => {
    const body = JSON.stringify({ _method: 'patch', name: 'x' });
    expect(await send({ headers: { 'content-type': 'application/json' }, body })).toEqual({
      method: 'PATCH',
      body,
    });
  });

  it('reads _method from a form body sent in chunks', async () => {
    const body = 'name=abc&_method=DELETE';
    const result = await send({
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      chunked: true,
    });
    expect(result).toEqual({ method: 'DELETE', body });
  });

  it('reads _method from a multipart body', async () => {
    const body = ['--b', 'Content-Disposition: form-data; name="_method"', '', 'PUT', '--b--', ''].join(
      '\r\n',
    );
    expect(await send({ headers: { 'content-type': 'multipart/form-data; boundary=b' }, body })).toEqual({
      method: 'PUT',
      body,
    });
  });

  it('prefers the header, then the body, then the query string', async () => {
    const json = { 'content-type': 'application/json' };
    expect(
      (await send({ headers: { ...json, 'x-http-method-override': 'DELETE' }, body: '{"_method":"PUT"}' }))
        .method,
    ).toBe('DELETE');
    expect((await send({ path: '/?_method=PATCH', headers: json, body: '{"a":1}' })).method).toBe('PATCH');
  });

  it('ignores other methods, GET requests, and bodies over the limit', async () => {
    expect(
      (await send({ headers: { 'content-type': 'application/json' }, body: '{"_method":"GET"}' })).method,
    ).toBe('POST');
    expect((await send({ method: 'GET', path: '/?_method=DELETE' })).method).toBe('GET');
    const big = JSON.stringify({ _method: 'PATCH', pad: 'x'.repeat(70 * 1024) });
    const result = await send({ headers: { 'content-type': 'application/json' }, body: big });
    expect(result.method).toBe('POST');
    expect(result.body).toBe(big);
  });
});

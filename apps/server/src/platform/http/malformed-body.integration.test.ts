import net, { type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

/** Issue 17: a body the server cannot read is a 400, a request's uploads are capped in total (413). */
const FILE_LIMIT = 16 * 1024;
const REQUEST_LIMIT = 40 * 1024;

let t: TestApp;
let visitor: Agent;
let admin: Agent;
let investor: Agent;
let investorId: number;
/** log entries by request id: what the server made of each request */
const logged: Array<{ reqId?: string; msg?: string; level?: number; res?: { statusCode?: number } }> = [];

beforeAll(async () => {
  t = await createTestApp(
    {
      LOG_LEVEL: 'info',
      // Small limits keep the bodies small; the method-override peek gives up past BODY_LIMIT.
      BODY_LIMIT: '4096',
      UPLOAD_LIMIT: String(FILE_LIMIT),
      UPLOAD_REQUEST_LIMIT: String(REQUEST_LIMIT),
    },
    { logTo: { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) } },
  );
  visitor = t.agent();
  await visitor.csrfCookie();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  const investorUser = await createUser(t.ctx.db);
  investorId = investorUser.id;
  investor = await t.as(investorUser);
});
afterAll(() => t.close());

const json = (response: { body: string }) => JSON.parse(response.body) as Record<string, unknown>;
const unhandled = () => logged.filter((entry) => (entry.level ?? 0) >= 50);

const BOUNDARY = 'portico-test-boundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name: string, filename: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`;
const pdf = (bytes: number) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x20)]).toString('latin1');
const files = (count: number, bytes: number) =>
  Array.from({ length: count }, (_, index) => `${fileHead('files', `f${index}.pdf`)}${pdf(bytes)}\r\n`).join(
    '',
  );
const END = `--${BOUNDARY}--\r\n`;

interface Malformed {
  name: string;
  contentType: string;
  body: string;
  /** what the headers claim when it is not the body's own length */
  contentLength?: number;
}

/** Every kind of body a server cannot read, as a broken client or a cut connection sends it. */
const MALFORMED: Malformed[] = [
  { name: 'multipart without a boundary', contentType: 'multipart/form-data', body: field('email', 'a') },
  {
    name: 'multipart with an empty boundary',
    contentType: 'multipart/form-data; boundary=',
    body: field('email', 'a'),
  },
  {
    name: 'multipart cut short inside a field',
    contentType: MULTIPART,
    body: `${field('email', 'someone@example.test')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="password"\r\n\r\nsecr`,
  },
  {
    name: 'multipart cut short inside a file',
    contentType: MULTIPART,
    body: `${fileHead('files', 'a.pdf')}%PDF-1.4 half a fi`,
  },
  {
    name: 'multipart whose parts never use the boundary',
    contentType: MULTIPART,
    body: `--another\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n--another--\r\n`,
  },
  {
    name: 'multipart shorter than its Content-Length',
    contentType: MULTIPART,
    body: `${field('email', 'someone@example.test')}--${BOUNDARY}\r\nContent-Disp`,
    contentLength: 400,
  },
  { name: 'JSON cut short', contentType: 'application/json', body: '{"email": "someone@exa' },
  { name: 'empty JSON', contentType: 'application/json', body: '' },
  {
    name: 'JSON shorter than its Content-Length',
    contentType: 'application/json',
    body: '{"email":"someone@example.test"}',
    contentLength: 100,
  },
  {
    name: 'urlencoded shorter than its Content-Length',
    contentType: 'application/x-www-form-urlencoded',
    body: 'email=someone%40example.test&pass',
    contentLength: 100,
  },
];

const send = (agent: Agent, method: string, url: string, body: Malformed) =>
  agent.request({
    method,
    url,
    payload: body.body,
    headers: {
      'content-type': body.contentType,
      ...(body.contentLength === undefined ? {} : { 'content-length': String(body.contentLength) }),
    },
  });

describe('a body the server cannot read', () => {
  it('answers 400 on a public, a staff and an upload route, never 5xx', async () => {
    const routes: Array<[string, Agent, string, string]> = [
      ['public', visitor, 'POST', '/login'],
      ['staff', admin, 'POST', '/api/pipelines'],
      ['staff PATCH', admin, 'PATCH', `/api/investors/${investorId}`],
      ['upload', admin, 'POST', `/api/investors/${investorId}/documents`],
    ];
    for (const body of MALFORMED)
      for (const [kind, agent, method, url] of routes) {
        const response = await send(agent, method, url, body);
        expect(response.statusCode, `${body.name} on the ${kind} route: ${response.body}`).toBe(400);
        expect(json(response)).toMatchObject({
          code: 'MALFORMED_BODY',
          message: expect.any(String) as unknown,
        });
      }
    expect(unhandled()).toEqual([]);
  });

  it('still checks CSRF and permission first', async () => {
    const noToken = t.agent();
    for (const body of MALFORMED) {
      // Without a header token, a multipart body is refused unread; a JSON or urlencoded one is read
      // for Laravel's `_token` field (decision 008), so that it cannot be read is what it hears.
      const anonymous = await send(noToken, 'POST', '/login', body);
      const tokenInBody = !body.contentType.startsWith('multipart/');
      expect(anonymous.statusCode, body.name).toBe(tokenInBody ? 400 : 419);
      // An investor may not upload to an investor record at all.
      const denied = await send(investor, 'POST', `/api/investors/${investorId}/documents`, body);
      expect(denied.statusCode, body.name).toBe(403);
    }
  });

  it('survives a client that goes away mid-body, and keeps serving', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const cookies = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = decodeURIComponent(admin.xsrf ?? '');
    const connections = () =>
      new Promise<number>((resolve, reject) =>
        t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
    /** Sends the headers and the start of a body that says it is longer, then hangs up. */
    const cut = async (method: string, url: string, contentType: string, length: number, start: string) => {
      const before = logged.length;
      const socket = net.connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `${method} ${url} HTTP/1.1\r\nHost: portico.test\r\nCookie: ${cookies}\r\nX-XSRF-TOKEN: ${xsrf}\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n${start}`,
      );
      return {
        /** hangs up once Fastify has the request (past the method-override peek) */
        async routed() {
          try {
            await vi.waitFor(() =>
              expect(logged.slice(before).map((entry) => entry.msg)).toContain('incoming request'),
            );
          } finally {
            await hangUp();
          }
        },
        /** hangs up while the method-override peek still reads the body, before routing */
        async peeked() {
          await hangUp();
          expect(logged.slice(before)).toEqual([]);
        },
      };
      async function hangUp() {
        socket.destroy();
        await vi.waitFor(async () => expect(await connections()).toBe(0));
      }
    };
    // A POST body within BODY_LIMIT is read whole by the peek before routing.
    await (await cut('POST', '/login', 'application/json', 2000, '{"email":"someone@exa')).peeked();
    // A PATCH is not peeked; Fastify's JSON parser is reading it.
    await (
      await cut('PATCH', `/api/investors/${investorId}`, 'application/json', 2000, '{"first_name":"An')
    ).routed();
    // Past BODY_LIMIT the peek lets go and the multipart parser reads the rest.
    const large = `${fileHead('files', 'a.pdf')}${'x'.repeat(5000)}`;
    await (await cut('POST', `/api/investors/${investorId}/documents`, MULTIPART, 30_000, large)).routed();
    // A request after them: the aborted ones were settled before its database work was done.
    expect((await admin.get('/api/user')).statusCode).toBe(200);
    expect(unhandled()).toEqual([]);
  });
});

describe('a request’s uploads, capped in total', () => {
  const url = () => `/api/investors/${investorId}/documents`;

  it('takes files up to the total', async () => {
    const response = await admin.post(url(), `${files(2, 15_000)}${END}`, {
      headers: { 'content-type': MULTIPART },
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('answers 413 past the total, from the declared length', async () => {
    const response = await admin.post(url(), `${files(3, 15_000)}${END}`, {
      headers: { 'content-type': MULTIPART },
    });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The files of one request must not be larger than 40 KB in total.',
    });
  });

  it('answers 413 as soon as a body of unknown length passes the total, without reading the rest', async () => {
    // A body that never ends: only an answer given before its end lets this request finish.
    let pushed = 0;
    const endless = new Readable({
      read() {
        if (pushed < 4) this.push(Buffer.from(files(1, 15_000), 'latin1'));
        pushed += 1;
      },
    });
    const response = await admin.request({
      method: 'POST',
      url: url(),
      payload: endless,
      headers: { 'content-type': MULTIPART, 'transfer-encoding': 'chunked' },
    });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    endless.destroy();
  });

  it('answers 413 for one file over the file limit', async () => {
    const response = await admin.post(url(), `${files(1, FILE_LIMIT + 100)}${END}`, {
      headers: { 'content-type': MULTIPART },
    });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toMatchObject({ message: 'A file must not be larger than 16 KB.' });
  });
});

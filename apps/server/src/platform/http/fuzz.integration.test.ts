import { readFileSync } from 'node:fs';
import { ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createUser } from '../../test/factories';
import { ODD_IDS, QUERIES, seeded } from '../../test/fuzz-inputs';
import { fuzzPayloads, type Body, type OpenApiDocument, type Operation } from '../../test/fuzz-payloads';
import { seedFuzzRecords, type FuzzRecords } from '../../test/fuzz-records';
import { createTestApp, enableAllFeatures, type Agent, type TestApp } from '../../test/test-app';

/**
 * Every operation of docs/openapi.json, sent wrong types, huge and odd strings, nulls, nesting, overflow
 * numbers, injection strings, prototype keys and malformed multipart bodies, on records that exist (one
 * of each kind the paths name) and on odd path ids: no answer may be a 5xx, and a multipart body cut
 * short or without its boundary is a 400 unless refused before it is read. Deterministic (a seeded
 * generator picks the varying payloads) and lean: a few dozen requests an operation. Every failure is
 * collected and reported together, with the server's logged error.
 */

const openapi = JSON.parse(
  readFileSync(new URL('../../../../../docs/openapi.json', import.meta.url), 'utf8'),
) as OpenApiDocument;

type Payload = Partial<Body> & { path: string; query?: string; note: string };
type Failure = { method: string; url: string; status: number; note: string; payload: string; error?: string };
type Planned = { method: string; template: string; operation: Operation };

/** Answers that stop a request before its handler: no session, refused, no such record, no CSRF token. */
const STOPPED = new Set([401, 403, 404, 419]);
/**
 * Bodies no parser can read: a 400 MALFORMED_BODY on every route that reads a body (decision 016),
 * unless a refusal the kernel makes before the body is read comes first: those above, a rate limit
 * (429) and a Content-Length over the upload limit (413). No route answers 405, and multipart is
 * parsed on every route, so 415 would be a wrong answer too.
 */
const UNREADABLE = new Set(['multipart cut short', 'multipart without a boundary']);
const BEFORE_THE_BODY = new Set([...STOPPED, 413, 429]);
/** These end the session that sends them: a throwaway one does. */
const SIGNS_OUT = new Set(['POST /logout', 'GET /api/logout']);

/** The `code` of an error answer, if it is JSON with one. */
function codeOf(body: string): unknown {
  try {
    return (JSON.parse(body) as { code?: unknown } | null)?.code;
  } catch {
    return undefined;
  }
}

let t: TestApp;
let admin: Agent;
let investorAgent: Agent;
let records: FuzzRecords;
const logged = new Map<string, string>();

/** Operations in an order that keeps later ones meaningful: deletes last, deepest first. */
function plan(): Planned[] {
  const all = Object.entries(openapi.paths).flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), template, operation })),
  );
  const rank = (item: Planned) =>
    item.template.startsWith('/api/branding') || item.template === '/api/features'
      ? 2
      : item.method === 'DELETE'
        ? 3
        : 1;
  return all.sort(
    (a, b) =>
      rank(a) - rank(b) || (rank(a) === 3 ? b.template.split('/').length - a.template.split('/').length : 0),
  );
}

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'error' },
    {
      logTo: {
        write: (line: string) => {
          const entry = JSON.parse(line) as { reqId?: string; err?: { message?: string; type?: string } };
          if (entry.reqId && entry.err)
            logged.set(entry.reqId, `${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''}`.slice(0, 300));
        },
      },
    },
  );
  // Not the first ids: an odd id such as 1 must not be the fuzzer's own account.
  for (let index = 0; index < 3; index += 1) await createUser(t.ctx.db);
  const adminUser = await createStaff(t.ctx.db, ROLES.SUPER_ADMIN);
  admin = await t.as(adminUser);
  records = await seedFuzzRecords(t, adminUser, admin);
  investorAgent = await t.as(records.investor);
  // So that no operation hides behind a feature's 404.
  await enableAllFeatures(admin);
}, 60_000);
afterAll(() => t.close());

describe('fuzzing every operation of docs/openapi.json', () => {
  it('never answers 5xx, and refuses an unreadable body with 400', { timeout: 240_000 }, async () => {
    const random = seeded(20261124);
    const payloads = fuzzPayloads(openapi, records.bodyIds);
    const failures: Failure[] = [];
    const access = new Map(
      t.app.routeRegistry.map((route) => [`${route.method} ${route.url}`, route.access.kind]),
    );
    /** requests aimed at existing records (not odd ids, not a stranger), and those of them past the guards */
    const aimed = { sent: 0, handled: 0 };
    let sent = 0;
    /** operations that did what they are for at least once: the valid bodies are good enough */
    const reached = new Set<string>();
    let current = '';
    const firstAnswer = new Map<string, string>();
    const started = Date.now();

    const stranger = async () => {
      const agent = t.agent();
      await agent.csrfCookie();
      return agent;
    };
    const send = async (agent: Agent, method: string, payload: Payload) => {
      const url = payload.query ? `${payload.path}?${payload.query}` : payload.path;
      const response = await agent.request({
        method,
        url,
        ...(payload.body === undefined
          ? {}
          : {
              payload: payload.body,
              headers: { 'content-type': payload.contentType ?? 'application/json' },
            }),
      });
      sent += 1;
      if (!payload.note.startsWith('odd id') && payload.note !== 'logged out') {
        aimed.sent += 1;
        if (!STOPPED.has(response.statusCode)) aimed.handled += 1;
      }
      if (response.statusCode < 300) reached.add(current);
      else if (payload.note === 'valid' || payload.note === 'existing ids')
        firstAnswer.set(current, `${response.statusCode} ${response.body.slice(0, 160)}`);
      const unreadable =
        UNREADABLE.has(payload.note) &&
        !(response.statusCode === 400 && codeOf(response.body) === 'MALFORMED_BODY') &&
        !BEFORE_THE_BODY.has(response.statusCode);
      if (response.statusCode >= 500 || unreadable) {
        const requestId = String(response.headers['x-request-id'] ?? '');
        failures.push({
          method,
          url: url.slice(0, 200),
          status: response.statusCode,
          note: payload.note,
          payload: typeof payload.body === 'string' ? payload.body.slice(0, 200) : `[${payload.note}]`,
          error: logged.get(requestId) ?? response.body.slice(0, 200),
        });
      }
    };

    for (const { method, template, operation } of plan()) {
      const parameters = operation.parameters ?? [];
      const pathNames = parameters.filter((item) => item.in === 'path').map((item) => item.name);
      const fill = (override?: { name: string; value: string }) =>
        template.replace(/\{(\w+)\}/g, (_, name: string) =>
          override?.name === name ? override.value : records.idFor(template, name),
        );
      const path = fill();
      const kind = access.get(`${method} ${template.replace(/\{(\w+)\}/g, ':$1')}`);
      const key = `${method} ${template}`;
      const agent = SIGNS_OUT.has(key)
        ? await t.as(await createStaff(t.ctx.db, ROLES.SUPPORT))
        : kind === 'public'
          ? await stranger()
          : kind === 'investor'
            ? investorAgent
            : admin;
      const takesBody = method !== 'GET' && method !== 'DELETE';

      const planned: Payload[] = [];
      if (!takesBody) {
        planned.push({ path, note: 'existing ids' });
        for (const query of random.sample(QUERIES, method === 'GET' ? 2 : 1))
          planned.push({ path, query, note: 'odd query' });
      } else {
        for (const body of payloads.bodies(operation, random)) planned.push({ path, ...body });
        planned.push({ path, query: random.pick(QUERIES), body: '{}', note: 'odd query' });
        for (const body of payloads.uploads(template, operation)) planned.push({ path, ...body });
        for (const body of payloads.malformedMultipart(operation)) planned.push({ path, ...body });
      }
      for (const name of pathNames)
        for (const value of random.sample(ODD_IDS, 2))
          planned.push({
            path: fill({ name, value }),
            note: `odd id ${name}`,
            ...(takesBody ? { body: '{}' } : {}),
          });
      // A few operations a stranger tries too: refused, never broken.
      if (kind !== 'public' && !SIGNS_OUT.has(key) && random.next() < 0.15)
        await send(await stranger(), method, {
          path,
          note: 'logged out',
          ...(method === 'GET' ? {} : { body: '{}' }),
        });
      current = key;
      for (const payload of planned) await send(agent, method, payload);
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `fuzz: ${sent} requests over ${plan().length} operations in ${seconds} s; ${aimed.handled} of the ${aimed.sent} aimed at existing records got past 401/403/404/419; ${reached.size} operations answered 2xx at least once; ${failures.length} answers failed`,
    );
    if (process.env.FUZZ_DEBUG)
      console.info(
        `never 2xx:\n${plan()
          .map((item) => `${item.method} ${item.template}`)
          .filter((key) => !reached.has(key))
          .map((key) => `${key}: ${firstAnswer.get(key) ?? ''}`)
          .join('\n')}`,
      );
    expect(
      failures.map(
        (failure) =>
          `${failure.status} ${failure.method} ${failure.url} [${failure.note}] ${failure.payload} → ${failure.error ?? '?'}`,
      ),
    ).toEqual([]);
    // Most requests reach validation or the handler: the records exist and the agent may call them.
    expect(aimed.handled / aimed.sent).toBeGreaterThan(0.95);
    // The fuzzer is still signed in as itself, and nothing leaked onto every object.
    expect((await admin.get('/api/user')).statusCode).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

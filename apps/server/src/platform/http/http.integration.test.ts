import { ROLES } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const json = (response: { body: string }) => JSON.parse(response.body) as Record<string, unknown>;

describe('HTTP basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      CORS_ORIGINS: 'https://portal.example.test',
      TRUST_PROXY: '1',
      BODY_LIMIT: '4096',
    });
  });
  afterAll(() => t.close());

  it('GET /health and GET /ready answer', async () => {
    expect(json(await t.request({ url: '/health' }))).toEqual({ status: 'ok' });
    expect(json(await t.request({ url: '/ready' }))).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends a CSP and a request id on every answer, and keeps a request id it is given', async () => {
    const response = await t.request({ url: '/health', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBe('abc-123');
    expect((await t.request({ url: '/health' })).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps an idle connection open longer than a proxy or client would (not Node’s 5 s)', () => {
    expect(t.app.server.keepAliveTimeout).toBe(72_000);
  });

  it('sends HSTS only behind HTTPS', async () => {
    expect((await t.request({ url: '/health' })).headers['strict-transport-security']).toBeUndefined();
    const secure = await t.request({ url: '/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toContain('max-age=31536000');
  });

  it('allows credentialed CORS for the configured origin only', async () => {
    const allowed = await t.request({ url: '/api/user', headers: { origin: 'https://portal.example.test' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://portal.example.test');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const other = await t.request({ url: '/api/user', headers: { origin: 'https://evil.example.test' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers bad JSON with 400, not 500: there is no body to validate (issue 17)', async () => {
    const agent = t.agent();
    await agent.csrfCookie();
    const response = await agent.post('/login', '{"email": ', {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      code: 'MALFORMED_BODY',
      message: 'The request body is not valid JSON.',
    });
  });

  it('refuses text no column can hold (a NUL character) on its field, not with a 500', async () => {
    const agent = t.agent();
    await agent.csrfCookie();
    const response = await agent.post('/login', { email: 'a@b.test', password: 'bad\u0000password' });
    expect(response.statusCode).toBe(422);
    expect(json(response).errors).toEqual({
      password: ['The password field contains a character that is not allowed.'],
    });
  });

  it('answers a body over the limit with 413', async () => {
    const agent = t.agent();
    await agent.csrfCookie();
    const response = await agent.post('/login', { email: 'a@b.test', password: 'x'.repeat(5000) });
    expect(response.statusCode).toBe(413);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.request({ url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toMatchObject({ message: 'The route /api/nothing-here could not be found.' });
  });

  it('answers an id that is not a number with 404, and a missing record with 404', async () => {
    const admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
    expect((await admin.get('/api/admin-accounts/abc')).statusCode).toBe(404);
    expect((await admin.get('/api/admin-accounts/999999')).statusCode).toBe(404);
    const investor = await createUser(t.ctx.db);
    // An investor is not a staff account: 404, whatever their id.
    expect((await admin.get(`/api/admin-accounts/${investor.id}`)).statusCode).toBe(404);
  });

  it('accepts the include names of the user call and refuses others with 400', async () => {
    const agent = await t.as(await createUser(t.ctx.db));
    const ok = await agent.get(
      '/api/user?include=organisations,onboardingDocuments,owner,investmentMethodEntities.investmentMethod,leadInvestmentMethodEntities.investmentMethod',
    );
    expect(ok.statusCode).toBe(200);
    // Relations whose features do not exist yet are refused rather than answered with fakes (issue 9).
    expect((await agent.get('/api/user?include=ownershipChoices')).statusCode).toBe(400);
    const bad = await agent.get('/api/user?include=secrets');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toMatch(/^Requested include\(s\) `secrets` are not allowed\./);
  });
});

describe('maintenance (API-CONTRACT.md §5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAINTENANCE: '1', CORS_ORIGINS: 'https://portal.example.test' });
  });
  afterAll(() => t.close());

  it('answers 503 to every API call, with CORS headers', async () => {
    for (const url of ['/api/user', '/sanctum/csrf-cookie', '/api/admin-accounts']) {
      const response = await t.request({ url, headers: { origin: 'https://portal.example.test' } });
      expect(response.statusCode, url).toBe(503);
      expect(json(response)).toMatchObject({ message: 'Service Unavailable' });
      expect(response.headers['access-control-allow-origin']).toBe('https://portal.example.test');
    }
    expect((await t.request({ method: 'POST', url: '/login', payload: {} })).statusCode).toBe(503);
  });

  it('keeps /health up for the load balancer', async () => {
    expect((await t.request({ url: '/health' })).statusCode).toBe(200);
  });
});

describe('the shared maintenance flag', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('switches every node together through the shared store', async () => {
    expect((await t.request({ url: '/api/user' })).statusCode).toBe(401);
    await t.ctx.maintenance.set(true);
    expect((await t.request({ url: '/api/user' })).statusCode).toBe(503);
    await t.ctx.maintenance.set(false);
    expect((await t.request({ url: '/api/user' })).statusCode).toBe(401);
  });
});

describe('transactions and concurrent requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('never runs a request inside another request’s transaction', async () => {
    const admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A transaction that writes, waits while a request runs, then rolls back.
    const rolledBack = t.ctx.db
      .transaction(async (tx) => {
        await tx.insert(users).values({ name: 'Ghost', email: 'ghost-tx@example.test', role_id: ROLES.USER });
        await held;
        throw new Error('roll back');
      })
      .catch((error: unknown) => error);
    const invited = admin.post('/api/admin-accounts', {
      name: 'Concurrent Colleague',
      email: 'concurrent@example.test',
      role_id: ROLES.ADVISER,
    });
    setTimeout(release, 150);
    const [error, response] = await Promise.all([rolledBack, invited]);
    expect((error as Error).message).toBe('roll back');
    expect(response.statusCode).toBe(201);
    const ghost = await t.ctx.db.select().from(users).where(eq(users.email, 'ghost-tx@example.test'));
    const colleague = await t.ctx.db.select().from(users).where(eq(users.email, 'concurrent@example.test'));
    expect(ghost).toHaveLength(0);
    expect(colleague).toHaveLength(1);
  });

  it('keeps a failing change whole: nothing is written when part of it fails', async () => {
    const admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
    const before = await t.ctx.db.select().from(users);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        admin.post('/api/admin-accounts', {
          name: 'Twin',
          email: 'twin@example.test',
          role_id: ROLES.CUSTODIAN,
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 422, 422, 422, 422]);
    const after = await t.ctx.db.select().from(users);
    expect(after.length - before.length).toBe(1);
  });
});

describe('logs', () => {
  it('carry the request id on every request line and never a password, token or cookie', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      { LOG_LEVEL: 'info' },
      { logTo: { write: (line: string) => void lines.push(line) } },
    );
    try {
      const user = await createUser(t.ctx.db);
      const agent = await t.as(user);
      await agent.get('/api/user');
      await agent.post('/api/auth/update-password', {
        current_password: 'not the password at all',
        password: 'new secret password 42',
        password_confirmation: 'new secret password 42',
      });
      const session = agent.cookies.get('portico_session') ?? 'missing';
      const requestLines = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => 'req' in line || 'res' in line);
      expect(requestLines.length).toBeGreaterThan(4);
      for (const line of requestLines) expect(line.reqId).toEqual(expect.any(String));
      const all = lines.join('\n');
      expect(all).not.toContain('new secret password 42');
      expect(all).not.toContain(session);
      expect(all).not.toContain(agent.xsrf ?? 'missing');
    } finally {
      await t.close();
    }
  });
});

import { ROLE_IDS, ROLES, type RoleId } from '@portico/contracts';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { declarationDenies, deniedBeyondDeclaration } from '../../test/access-rules';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, enableAllFeatures, type Agent, type TestApp } from '../../test/test-app';
import { access } from '../auth/access';
import { apiKernel } from './kernel';

let t: TestApp;
const agents = new Map<RoleId, Agent>();
let target: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLE_IDS) agents.set(role, await t.as(await createUser(t.ctx.db, { role_id: role })));
  target = await createStaff(t.ctx.db, ROLES.CUSTODIAN);
  // Feature-gated routes answer 404 while their feature is off: walk them with every feature on.
  await enableAllFeatures(agentOf(ROLES.SUPER_ADMIN));
});
afterAll(() => t.close());

const json = (response: { body: string }) => JSON.parse(response.body) as Record<string, unknown>;

const agentOf = (role: RoleId) => {
  const agent = agents.get(role);
  if (!agent) throw new Error(`no agent for role ${role}`);
  return agent;
};

/** Every route but signing out, which would end the walking agent's session. */
const walkedRoutes = () => t.app.routeRegistry.filter((route) => !route.url.endsWith('/logout'));
const routesWithBodies = () => walkedRoutes().filter((route) => route.method !== 'GET');
const urlOf = (url: string) => url.replace(/:id\b/g, String(target.id)).replace(/:[a-zA-Z_]+/g, '1');

/** JSON no body schema accepts, multipart no parser can read, a query no list allows. */
const INVALID = { payload: '"not an object"', headers: { 'content-type': 'application/json' } };
const INVALID_QUERY = '?filter[no_such_filter]=1&sort=no_such_sort&include=no_such_include&page=x';
const UNREADABLE = { payload: 'x', headers: { 'content-type': 'multipart/form-data' } };

describe('every route, with every role (spec §6)', () => {
  it('has routes to walk', () => {
    expect(t.app.routeRegistry.filter((route) => route.access.kind === 'permission').length).toBeGreaterThan(
      5,
    );
  });

  /**
   * Every route with every role (over a thousand requests), each sent input no route accepts: a role
   * the declaration or the route's own rules refuse hears 403 whatever it sends, before its body is
   * read (issue 17: it never learns a route's fields from a 422); an allowed role is never refused.
   */
  it('answers 403 to a refused role whatever it sends', { timeout: 300_000 }, async () => {
    const wrong: string[] = [];
    let refusals = 0;
    for (const route of walkedRoutes()) {
      const url = urlOf(route.url);
      const read = route.method === 'GET';
      let unreadableSent = false;
      for (const role of ROLE_IDS) {
        const denied =
          declarationDenies(route.access, role) || deniedBeyondDeclaration(route.method, route.url, role);
        const agent = agentOf(role);
        const invalid = read
          ? await agent.get(`${url}${INVALID_QUERY}`)
          : await agent.request({ method: route.method, url, ...INVALID });
        const label = `${route.method} ${route.url} as role ${role}`;
        if (denied) {
          refusals += 1;
          if (invalid.statusCode !== 403) wrong.push(`${label}, invalid input: ${invalid.statusCode}`);
          else if (json(invalid).message !== 'This action is unauthorized.')
            wrong.push(`${label}: 403 without Laravel's message`);
          // Whether a body is parsed does not depend on the role: one refused role per route shows it.
          if (read || unreadableSent) continue;
          unreadableSent = true;
          const unreadable = await agent.request({ method: route.method, url, ...UNREADABLE });
          if (unreadable.statusCode !== 403)
            wrong.push(`${label}, unreadable body: ${unreadable.statusCode}`);
        } else if (invalid.statusCode === 400 || invalid.statusCode === 422) {
          // Refused only once its input passed validation: the permission came after the input.
          const plain = read
            ? await agent.get(url)
            : await agent.request({ method: route.method, url, payload: {} });
          if (plain.statusCode === 403)
            wrong.push(`${label}: ${invalid.statusCode} to invalid input, then 403`);
        } else if (invalid.statusCode === 403) {
          wrong.push(`${label}: 403, but spec §6 allows it`);
        }
      }
    }
    expect(refusals).toBeGreaterThan(500);
    expect(wrong).toEqual([]);
    // Undo anything a permitted role changed on the target, so later tests start clean.
    await t.ctx.db.update(users).set({ deactivated_at: null }).where(eq(users.id, target.id));
  });

  it('answers 419 without a CSRF token before reading any body', { timeout: 60_000 }, async () => {
    const admin = agentOf(ROLES.SUPER_ADMIN);
    for (const route of routesWithBodies()) {
      const response = await admin.request({
        method: route.method,
        url: urlOf(route.url),
        csrf: false,
        ...UNREADABLE,
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(419);
    }
  });
  it('answers 401 to a visitor on every route that needs a user', { timeout: 60_000 }, async () => {
    const visitor = t.agent();
    await visitor.csrfCookie();
    for (const route of t.app.routeRegistry) {
      if (route.access.kind === 'public') continue;
      const url = route.url.replace(/:id\b/g, '1').replace(/:[a-zA-Z_]+/g, '1');
      const response = await visitor.request({
        method: route.method,
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${url}`).toBe(401);
    }
  });
});

describe('route declarations', () => {
  it('stop start-up when a route declares no access', async () => {
    const app = Fastify();
    await expect(
      app
        .register(
          apiKernel(
            t.ctx,
            [
              async (api) => {
                api.get('/api/undeclared', async () => ({ ok: true }));
              },
            ],
            [],
            { isFeatureEnabled: async () => true },
          ),
        )
        .ready(),
    ).rejects.toThrow(/GET \/api\/undeclared declares no access/);
    await app.close();
  });
});

describe('feature gating', () => {
  it('answers 404 on a route whose feature is off, and serves it once on', async () => {
    let fundsOn = false;
    const app = Fastify();
    await app.register(cookie);
    await app.register(
      apiKernel(
        t.ctx,
        [
          async (api) => {
            api.get(
              '/api/funds-probe',
              { config: { access: access.public, feature: 'funds' } },
              async () => ({ ok: true }),
            );
          },
        ],
        [],
        { isFeatureEnabled: async (feature) => feature === 'funds' && fundsOn },
      ),
    );
    await app.ready();
    expect((await app.inject({ url: '/api/funds-probe' })).statusCode).toBe(404);
    fundsOn = true;
    expect((await app.inject({ url: '/api/funds-probe' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('method spoofing (API-CONTRACT.md §1.5)', () => {
  const rename = async (
    send: (agent: Agent, url: string, name: string) => Promise<{ statusCode: number; body: string }>,
  ) => {
    const admin = agents.get(ROLES.SUPER_ADMIN);
    if (!admin) throw new Error('no admin');
    const staff = await createStaff(t.ctx.db, ROLES.ADVISER);
    const name = `Renamed ${Math.random().toString(36).slice(2, 8)}`;
    const response = await send(admin, `/api/admin-accounts/${staff.id}`, name);
    expect(response.statusCode, response.body).toBe(200);
    expect((json(response).data as { name: string }).name).toBe(name);
  };

  it('routes a JSON POST with _method=PATCH as PATCH', () =>
    rename((agent, url, name) => agent.post(url, { _method: 'PATCH', name })));

  it('routes a form POST with _method=PATCH as PATCH', () =>
    rename((agent, url, name) =>
      agent.post(url, new URLSearchParams({ _method: 'PATCH', name }).toString(), {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    ));

  it('routes a multipart POST with _method=PATCH as PATCH', async () => {
    const boundary = '----portico';
    const multipart = (fields: Record<string, string>) =>
      Object.entries(fields)
        .flatMap(([name, value]) => [
          `--${boundary}`,
          `Content-Disposition: form-data; name="${name}"`,
          '',
          value,
        ])
        .concat(`--${boundary}--`, '')
        .join('\r\n');
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    await rename((agent, url, name) => agent.post(url, multipart({ _method: 'PATCH', name }), { headers }));
    // Without _method there is no POST route here.
    const admin = agents.get(ROLES.SUPER_ADMIN);
    const plain = await admin?.post(`/api/admin-accounts/${target.id}`, multipart({ name: 'x' }), {
      headers,
    });
    expect(plain?.statusCode).toBe(404);
  });

  it('lets X-HTTP-Method-Override win, and falls back to ?_method=', async () => {
    await rename((agent, url, name) =>
      agent.post(url, { name }, { headers: { 'x-http-method-override': 'PATCH' } }),
    );
    await rename((agent, url, name) => agent.post(`${url}?_method=PATCH`, { name }));
  });

  it('never turns a GET into something else', async () => {
    const admin = agents.get(ROLES.SUPER_ADMIN);
    const response = await admin?.get(`/api/admin-accounts/${target.id}?_method=DELETE`);
    expect(response?.statusCode).toBe(200);
  });
});

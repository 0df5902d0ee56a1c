import {
  can,
  canSeeInvestmentTab,
  FEATURE_FLAGS,
  isFeatureAvailable,
  ROLE_IDS,
  ROLES,
  type InvestmentArea,
  type InvestmentTab,
  type RoleId,
} from '@portico/contracts';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { access } from '../auth/access';
import { apiKernel } from './kernel';

let t: TestApp;
const agents = new Map<RoleId, Agent>();
let target: { id: number };

/** Investment records' notes, calls and tasks follow the investment-tab rules too (spec §6). */
const INVESTMENT_AREAS: Record<string, InvestmentArea> = {
  'pipeline-deals': 'deals',
  opportunities: 'opportunities',
};
/** An existing investment's Performance, Transactions and Cap Table routes, by the tab they serve. */
const EXISTING_TABS: Record<string, InvestmentTab> = {
  performance: 'performance',
  'share-prices': 'performance',
  transactions: 'transactions',
  'cap-table': 'cap-table',
};
function hiddenInvestmentTab(url: string, role: RoleId) {
  const existing = /^\/api\/existing-investments\/:id\/([a-z-]+)/.exec(url)?.[1];
  const existingTab = existing ? EXISTING_TABS[existing] : undefined;
  if (existingTab) return !canSeeInvestmentTab(role, 'existing', existingTab);
  const match = /^\/api\/([a-z-]+)\/:id\/(notes|calls|tasks)\b/.exec(url);
  const area = match?.[1] ? INVESTMENT_AREAS[match[1]] : undefined;
  return area !== undefined && !canSeeInvestmentTab(role, area, 'notes-calls-tasks');
}

/** Routes that name investors need the `investors` right besides their own (opportunity invitations). */
const needsInvestorsRight = (url: string, role: RoleId) =>
  /^\/api\/opportunities\/:id\/invitations\b/.test(url) && !can(role, 'investors', 'index');

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLE_IDS) agents.set(role, await t.as(await createUser(t.ctx.db, { role_id: role })));
  target = await createStaff(t.ctx.db, ROLES.CUSTODIAN);
  // Feature-gated routes answer 404 while their feature is off: walk them with every feature on.
  const allOn = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag.camel, isFeatureAvailable(flag.key)]));
  await agents.get(ROLES.SUPER_ADMIN)?.patch('/api/features', allOn);
});
afterAll(() => t.close());

const json = (response: { body: string }) => JSON.parse(response.body) as Record<string, unknown>;

describe('every admin route, with every role (spec §6)', () => {
  it('has routes to walk', () => {
    expect(t.app.routeRegistry.filter((route) => route.access.kind === 'permission').length).toBeGreaterThan(
      5,
    );
  });

  // Every route with every role: over a thousand requests.
  it('answers 403 exactly where the permission table denies', { timeout: 180_000 }, async () => {
    const checked: string[] = [];
    for (const route of t.app.routeRegistry) {
      if (route.access.kind !== 'permission') continue;
      const { resource, action } = route.access;
      const url = route.url.replace(/:id\b/g, String(target.id)).replace(/:[a-zA-Z_]+/g, '1');
      for (const role of ROLE_IDS) {
        const agent = agents.get(role);
        if (!agent) throw new Error(`no agent for role ${role}`);
        // An empty body: a permitted request stops at validation (422) or succeeds, never 403.
        const response = await agent.request({
          method: route.method,
          url,
          payload: route.method === 'GET' ? undefined : {},
        });
        const denied =
          role === ROLES.USER ||
          !can(role, resource, action) ||
          hiddenInvestmentTab(route.url, role) ||
          needsInvestorsRight(route.url, role);
        checked.push(`${route.method} ${route.url} role ${role}`);
        if (denied) {
          expect(response.statusCode, `${route.method} ${url} as role ${role}`).toBe(403);
          expect(json(response)).toMatchObject({ message: 'This action is unauthorized.' });
        } else {
          expect(response.statusCode, `${route.method} ${url} as role ${role}: ${response.body}`).not.toBe(
            403,
          );
        }
      }
    }
    expect(checked.length).toBeGreaterThan(50);
    // Undo anything a permitted role changed on the target, so later tests start clean.
    await t.ctx.db.update(users).set({ deactivated_at: null }).where(eq(users.id, target.id));
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

import { can, FUND_COLUMNS, ROLE_IDS, ROLES, type Action, type RoleId } from '@portico/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { auditLog, fundNavs, type UserRow } from '../../db/schema';
import { describeActivity } from '../activity/activity.describe';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';
import { usePostgres } from '../../test/database';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;
let adminUser: UserRow;

type Page = { data: Array<Record<string, unknown>>; meta: { total: number } };
type Errors = { message: string; errors: Record<string, string[]> };
type Nav = {
  id: number;
  nav: string;
  effective_on: string;
  replaced_at: string | null;
  superseded_by_id: number | null;
};
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;

const dayAfterToday = (days: number) => {
  const today = new Date(`${t.ctx.clock.today()}T12:00:00Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
};

async function newFund(body: Record<string, unknown> = {}) {
  const response = await admin.post('/api/funds', {
    name: `Fund ${Math.random().toString(36).slice(2, 8)}`,
    currency: 'GBP',
    target_size: '1000000',
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return Number(data(response).id);
}

const navsOf = async (id: number) => data<Nav[]>(await admin.get(`/api/funds/${id}/navs`));

const actionsOf = async (fundId: number) =>
  (
    await t.ctx.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'fund'), eq(auditLog.subject_id, fundId)))
      .orderBy(auditLog.id)
  ).map((row) => ({
    action: row.action,
    sentence: describeActivity(
      row.action,
      row.before as Record<string, unknown> | null,
      row.after as Record<string, unknown> | null,
    ),
  }));

beforeAll(async () => {
  t = await createTestApp();
  adminUser = await createStaff(t.ctx.db, ROLES.SUPER_ADMIN);
  admin = await t.as(adminUser);
});
afterAll(async () => {
  await t.close();
});

async function switchFunds(on: boolean) {
  const response = await admin.patch('/api/features', { enableFunds: on });
  if (response.statusCode !== 200) throw new Error(response.body);
}

describe('with the funds feature off', () => {
  it('answers 404 on every funds route, even to a super admin', async () => {
    const id = await (async () => {
      await switchFunds(true);
      const created = await newFund({ name: 'Hidden fund' });
      await switchFunds(false);
      return created;
    })();
    const requests = [
      admin.get('/api/funds'),
      admin.get('/api/funds/export?format=csv'),
      admin.post('/api/funds', { name: 'X', currency: 'GBP', target_size: '100' }),
      admin.get(`/api/funds/${id}`),
      admin.patch(`/api/funds/${id}`, { name: 'Y' }),
      admin.delete(`/api/funds/${id}`),
      admin.get(`/api/funds/${id}/navs`),
      admin.post(`/api/funds/${id}/navs`, { date: '2025-01-01', nav: '1' }),
    ];
    const codes = (await Promise.all(requests)).map((response) => response.statusCode);
    expect(codes).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    const anonymous = await t.agent().get('/api/funds');
    expect(anonymous.statusCode).toBe(404);
  });
});

describe('with the funds feature on', () => {
  beforeAll(() => switchFunds(true));

  it('creates a fund with the fixed contract: 201 {data: {id, status: 1}}, defaults applied, audited', async () => {
    const created = await admin.post('/api/funds', {
      name: '  Growth Fund I ',
      currency: 'gbp',
      target_size: '25000000',
    });
    expect(created.statusCode, created.body).toBe(201);
    const fund = data(created);
    expect(fund).toMatchObject({
      id: expect.any(Number) as unknown,
      status: 1,
      active: 1,
      name: 'Growth Fund I',
      currency: 'GBP',
      target_size: '25000000.00',
      type: 'venture_capital',
      tax_relief: 'none',
      vintage: null,
      management_fee_percent: null,
      latest_nav: null,
      latest_nav_on: null,
      description: null,
    });
    const full = await admin.post('/api/funds', {
      name: 'EIS Fund 2026',
      currency: 'EUR',
      target_size: '5000000.50',
      type: 'eis',
      vintage: 2026,
      management_fee_percent: '2',
      carried_interest_percent: '20.00',
      hurdle_percent: '8.5',
      tax_relief: 'eis',
      description: 'Early-stage EIS companies',
    });
    expect(data(full)).toMatchObject({
      type: 'eis',
      vintage: 2026,
      management_fee_percent: '2.00',
      carried_interest_percent: '20.00',
      hurdle_percent: '8.50',
      tax_relief: 'eis',
      target_size: '5000000.50',
      currency: 'EUR',
    });
    const id = Number(fund.id);
    expect(data(await admin.get(`/api/funds/${id}`))).toEqual(fund);
    expect((await actionsOf(id)).map((row) => row.action)).toEqual(['fund.created']);
    expect((await actionsOf(id))[0]?.sentence).toBe('Fund added: “Growth Fund I”');
  });

  it('answers field errors for bad input and ignores a __proto__ key', async () => {
    const missing = await admin.post('/api/funds', { currency: 'GBP', target_size: '100' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(missing).errors)).toEqual(['name']);

    const bad = await admin.post('/api/funds', {
      name: '',
      currency: 'XXQ',
      target_size: '-5',
      vintage: 1800,
      management_fee_percent: '101',
      carried_interest_percent: '12.345',
      hurdle_percent: 5,
      type: 'hedge',
      tax_relief: 'vct',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(bad).errors).sort()).toEqual([
      'carried_interest_percent',
      'currency',
      'hurdle_percent',
      'management_fee_percent',
      'name',
      'target_size',
      'tax_relief',
      'type',
      'vintage',
    ]);
    const zero = await admin.post('/api/funds', { name: 'Zero', currency: 'GBP', target_size: '0' });
    expect(zero.statusCode).toBe(422);
    expect(json<Errors>(zero).errors.target_size).toEqual(['The target size field must be more than zero.']);
    const hundred = await admin.post('/api/funds', {
      name: 'Hundred',
      currency: 'GBP',
      target_size: '1',
      carried_interest_percent: '100',
    });
    expect(hundred.statusCode).toBe(201);

    // JSON naming __proto__ is refused whole by the parser (400); a form's __proto__ key changes nothing
    const protoJson = await admin.request({
      method: 'POST',
      url: '/api/funds',
      payload: '{"name":"Proto fund","currency":"GBP","target_size":"10","__proto__":{"status":2}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(protoJson.statusCode).toBe(400);
    const protoForm = await admin.request({
      method: 'POST',
      url: '/api/funds',
      payload: 'name=Proto+form+fund&currency=GBP&target_size=10&__proto__[status]=2&__proto__[active]=0',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(protoForm.statusCode, protoForm.body).toBe(201);
    expect(data(protoForm)).toMatchObject({ name: 'Proto form fund', status: 1, active: 1 });
    expect(({} as Record<string, unknown>).status).toBeUndefined();
    expect(json<Page>(await admin.get('/api/funds?filter[search]=Proto fund')).meta.total).toBe(0);

    const id = await newFund();
    const patched = await admin.patch(`/api/funds/${id}`, { status: 3, active: 2, vintage: 2101 });
    expect(patched.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(patched).errors).sort()).toEqual(['active', 'status', 'vintage']);
    expect((await admin.patch('/api/funds/999999', { name: 'X' })).statusCode).toBe(404);
    expect((await admin.get('/api/funds/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/funds/abc')).statusCode).toBe(404);
  });

  it('lists funds with search, filter[status] and sorts, changes, exports and deletes them', async () => {
    const alpha = await newFund({ name: 'Listing Alpha', vintage: 2019, target_size: '300' });
    const beta = await newFund({
      name: 'Listing Beta',
      vintage: 2021,
      target_size: '100',
      description: 'ai',
    });
    const gamma = await newFund({ name: 'Listing Gamma', vintage: 2020, target_size: '200' });
    const live = await admin.patch(`/api/funds/${beta}`, {
      status: 2,
      active: 0,
      management_fee_percent: '1.5',
    });
    expect(live.statusCode, live.body).toBe(200);
    expect(data(live)).toMatchObject({ status: 2, active: 0, management_fee_percent: '1.50' });

    const names = async (query: string) =>
      json<Page>(await admin.get(`/api/funds?filter[search]=listing&${query}`)).data.map((row) => row.name);
    expect(await names('')).toEqual(['Listing Alpha', 'Listing Beta', 'Listing Gamma']);
    expect(await names('sort=-vintage')).toEqual(['Listing Beta', 'Listing Gamma', 'Listing Alpha']);
    expect(await names('sort=target_size')).toEqual(['Listing Beta', 'Listing Gamma', 'Listing Alpha']);
    expect(await names('filter[status]=2')).toEqual(['Listing Beta']);
    expect(await names('filter[status]=1')).toEqual(['Listing Alpha', 'Listing Gamma']);
    expect(await names('filter[active]=0')).toEqual(['Listing Beta']);
    expect(json<Page>(await admin.get('/api/funds?filter[search]=listing')).meta.total).toBe(3);
    expect((await admin.get('/api/funds?filter[nope]=1')).statusCode).toBe(400);
    expect((await admin.get('/api/funds?sort=nope')).statusCode).toBe(400);
    const fields = json<Page>(
      await admin.get('/api/funds?filter[search]=listing alpha&fields[funds]=id,name'),
    );
    expect(fields.data).toEqual([{ id: alpha, name: 'Listing Alpha' }]);

    const csv = await admin.get(`/api/funds/export?format=csv&filter[search]=listing`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain(FUND_COLUMNS[0].label);
    expect(lines).toHaveLength(4);
    expect(csv.body).toContain('Live');
    expect(csv.body).toContain('Closed');

    expect((await admin.delete(`/api/funds/${gamma}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/funds/${gamma}`)).statusCode).toBe(404);
    expect((await actionsOf(gamma)).map((row) => row.sentence)).toEqual([
      'Fund added: “Listing Gamma”',
      'Fund deleted: “Listing Gamma”',
    ]);
    expect((await actionsOf(beta)).map((row) => row.action)).toEqual(['fund.created', 'fund.updated']);
    expect((await actionsOf(beta))[1]?.sentence).toMatch(/^Details changed: /);
  });

  it('refuses to delete a fund with a NAV or an opportunity (422, clear message)', async () => {
    const withNav = await newFund({ name: 'Has a NAV' });
    expect(
      (await admin.post(`/api/funds/${withNav}/navs`, { date: '2025-03-31', nav: '10' })).statusCode,
    ).toBe(201);
    const refused = await admin.delete(`/api/funds/${withNav}`);
    expect(refused.statusCode).toBe(422);
    expect(json<Errors>(refused).errors.id).toEqual([
      'This fund has 1 NAV: it cannot be deleted. Close it instead (set it to Closed).',
    ]);

    const withOpportunity = await newFund({ name: 'Raises through an opportunity' });
    const opportunity = await createOpportunity(t.ctx.db);
    await t.ctx.db.execute(
      sql`update opportunities set fund_id = ${withOpportunity} where id = ${opportunity.id}`,
    );
    const also = await admin.delete(`/api/funds/${withOpportunity}`);
    expect(also.statusCode).toBe(422);
    expect(json<Errors>(also).message).toMatch(/1 opportunity: it cannot be deleted/);
    expect((await admin.get(`/api/funds/${withOpportunity}`)).statusCode).toBe(200);
    // nor its currency change: the opportunity's commitments are in it
    const recurrency = await admin.patch(`/api/funds/${withOpportunity}`, { currency: 'EUR' });
    expect(json<Errors>(recurrency).errors.currency).toEqual([
      'The currency cannot change once an opportunity raises for the fund: its commitments are in the fund’s currency.',
    ]);
    // the database refuses too
    await expect(t.ctx.db.execute(sql`delete from funds where id = ${withOpportunity}`)).rejects.toThrow();
  });

  it('records NAVs, keeps a corrected one as history and shows the latest on the fund', async () => {
    const id = await newFund({ name: 'NAV fund', currency: 'EUR' });
    const first = await admin.post(`/api/funds/${id}/navs`, {
      date: '2025-03-31',
      nav: '1000000',
      note: 'Q1',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(data(first)).toMatchObject({
      fund_id: id,
      nav: '1000000.00',
      effective_on: '2025-03-31',
      note: 'Q1',
      replaced_at: null,
      superseded_by_id: null,
      created_by: { id: adminUser.id, name: adminUser.name },
    });
    await admin.post(`/api/funds/${id}/navs`, { date: '2025-06-30', nav: '1200000.50' });
    expect(data(await admin.get(`/api/funds/${id}`))).toMatchObject({
      latest_nav: '1200000.50',
      latest_nav_on: '2025-06-30',
    });

    // a correction of Q1: the first stays, replaced, naming its successor
    const corrected = await admin.post(`/api/funds/${id}/navs`, { date: '2025-03-31', nav: '950000' });
    expect(corrected.statusCode).toBe(201);
    const correctedId = data<Nav>(corrected).id;
    const navs = await navsOf(id);
    expect(navs.map((nav) => [nav.effective_on, nav.nav, nav.replaced_at === null])).toEqual([
      ['2025-06-30', '1200000.50', true],
      ['2025-03-31', '950000.00', true],
      ['2025-03-31', '1000000.00', false],
    ]);
    expect(navs[2]?.superseded_by_id).toBe(correctedId);
    // the latest is still the one with the greatest date
    expect(data(await admin.get(`/api/funds/${id}`)).latest_nav).toBe('1200000.50');
    expect(json<Page>(await admin.get('/api/funds?filter[search]=NAV fund')).data[0]?.latest_nav).toBe(
      '1200000.50',
    );

    expect((await actionsOf(id)).map((row) => row.sentence)).toEqual([
      'Fund added: “NAV fund”',
      'NAV recorded: €1,000,000.00 on 31 March 2025',
      'NAV recorded: €1,200,000.50 on 30 June 2025',
      'NAV corrected: €1,000,000.00 on 31 March 2025 is now €950,000.00',
    ]);

    // the currency is fixed once a NAV is in it
    const currency = await admin.patch(`/api/funds/${id}`, { currency: 'GBP' });
    expect(currency.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(currency).errors)).toEqual(['currency']);
    expect((await admin.patch(`/api/funds/${id}`, { currency: 'EUR', name: 'NAV fund' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a NAV dated after today (London), a bad NAV and a missing fund', async () => {
    const id = await newFund();
    const future = await admin.post(`/api/funds/${id}/navs`, { date: dayAfterToday(1), nav: '5' });
    expect(future.statusCode).toBe(422);
    expect(json<Errors>(future).errors.date).toEqual(['The NAV’s date cannot be in the future.']);
    expect((await admin.post(`/api/funds/${id}/navs`, { date: dayAfterToday(0), nav: '0' })).statusCode).toBe(
      201,
    );
    const bad = await admin.post(`/api/funds/${id}/navs`, { date: '2025-02-30', nav: '-1' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(bad).errors).sort()).toEqual(['date', 'nav']);
    expect((await admin.post(`/api/funds/${id}/navs`, { nav: '1' })).statusCode).toBe(422);
    expect((await admin.post('/api/funds/999999/navs', { date: '2025-01-01', nav: '1' })).statusCode).toBe(
      404,
    );
    expect((await admin.get('/api/funds/999999/navs')).statusCode).toBe(404);
  });

  it('is refused by the database: no change of a NAV’s values, no deletion', async () => {
    const id = await newFund();
    const nav = data<Nav>(await admin.post(`/api/funds/${id}/navs`, { date: '2024-12-31', nav: '10' }));
    await expect(t.ctx.db.execute(sql`update fund_navs set nav = 99 where id = ${nav.id}`)).rejects.toThrow();
    await expect(
      t.ctx.db.execute(sql`update fund_navs set effective_on = '2024-12-30' where id = ${nav.id}`),
    ).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from fund_navs where id = ${nav.id}`)).rejects.toThrow();
    await expect(
      t.ctx.db.execute(
        sql`insert into fund_navs (fund_id, nav, effective_on) values (${id}, -1, '2024-01-01')`,
      ),
    ).rejects.toThrow();
    // replaced once: when cannot be rewritten afterwards
    await t.ctx.db.execute(sql`update fund_navs set replaced_at = now() where id = ${nav.id}`);
    await expect(
      t.ctx.db.execute(sql`update fund_navs set replaced_at = null where id = ${nav.id}`),
    ).rejects.toThrow();
    const [kept] = await t.ctx.db.select().from(fundNavs).where(eq(fundNavs.id, nav.id));
    expect(kept).toMatchObject({ nav: '10.00', effective_on: '2024-12-31' });
  });

  it.runIf(usePostgres())('leaves exactly one current NAV when ten arrive for one date at once', async () => {
    const id = await newFund({ name: 'Parallel NAVs' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        admin.post(`/api/funds/${id}/navs`, { date: '2025-09-30', nav: `${100 + index}` }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    const current = await t.ctx.db.execute(
      sql`select count(*)::int as n from fund_navs where fund_id = ${id} and effective_on = '2025-09-30' and replaced_at is null`,
    );
    expect(rowsOf<{ n: number }>(current)[0]?.n).toBe(1);
    const navs = await navsOf(id);
    expect(navs).toHaveLength(10);
    // a chain: every replaced NAV names a successor, each successor once
    const successors = navs.filter((nav) => nav.replaced_at !== null).map((nav) => nav.superseded_by_id);
    expect(new Set(successors).size).toBe(9);
  });
});

describe('who may do what (spec §6, funds)', () => {
  const expected: Partial<Record<RoleId, string>> = {
    [ROLES.SUPER_ADMIN]: 'iscud',
    [ROLES.SUPPORT]: 'iscud',
    [ROLES.INVESTMENT_COMMITTEE]: 'iscud',
    [ROLES.FUND_MANAGER]: 'isud',
  };
  const letter: Record<Action & ('index' | 'show' | 'create' | 'update' | 'delete'), string> = {
    index: 'i',
    show: 's',
    create: 'c',
    update: 'u',
    delete: 'd',
  };

  beforeAll(() => switchFunds(true));

  it('matches the permission table', () => {
    for (const role of ROLE_IDS)
      for (const [action, short] of Object.entries(letter))
        expect(can(role, 'funds', action as Action), `${role} ${action}`).toBe(
          (expected[role] ?? '').includes(short),
        );
  });

  it.each(ROLE_IDS.map((role) => [role]))('role %i hears 403 on every cell it lacks', async (role) => {
    const user = role === ROLES.USER ? await createUser(t.ctx.db) : await createStaff(t.ctx.db, role);
    const agent = await t.as(user);
    const allowed = expected[role] ?? '';
    const id = await newFund({ name: `Permission ${role}` });
    const target = await newFund({ name: `Deletable ${role}` });
    const calls: Array<[string, () => Promise<{ statusCode: number; body: string }>]> = [
      ['i', () => agent.get('/api/funds')],
      ['i', () => agent.get('/api/funds/export?format=csv')],
      ['s', () => agent.get(`/api/funds/${id}`)],
      ['s', () => agent.get(`/api/funds/${id}/navs`)],
      ['c', () => agent.post('/api/funds', { name: `By role ${role}`, currency: 'GBP', target_size: '10' })],
      ['u', () => agent.patch(`/api/funds/${id}`, { description: `Changed by ${role}` })],
      ['u', () => agent.post(`/api/funds/${id}/navs`, { date: '2025-01-31', nav: '5' })],
      ['d', () => agent.delete(`/api/funds/${target}`)],
    ];
    for (const [short, call] of calls) {
      const response = await call();
      if (allowed.includes(short))
        expect(response.statusCode, `${short}: ${response.body}`).toBeLessThan(300);
      else expect(response.statusCode, short).toBe(403);
    }
    // refused roles never learn the fields: 403 before the body is read
    if (!allowed.includes('c')) expect((await agent.post('/api/funds', {})).statusCode).toBe(403);
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    const id = await newFund();
    const anonymous = t.agent();
    await anonymous.csrfCookie();
    const calls = [
      () => anonymous.get('/api/funds'),
      () => anonymous.get(`/api/funds/${id}`),
      () => anonymous.get(`/api/funds/${id}/navs`),
      () => anonymous.post('/api/funds', { name: 'X', currency: 'GBP', target_size: '1' }),
      () => anonymous.patch(`/api/funds/${id}`, { name: 'X' }),
      () => anonymous.post(`/api/funds/${id}/navs`, { date: '2025-01-01', nav: '1' }),
      () => anonymous.delete(`/api/funds/${id}`),
    ];
    const codes = [];
    for (const call of calls) codes.push(await call());
    expect(codes.map((response) => response.statusCode)).toEqual([401, 401, 401, 401, 401, 401, 401]);
  });
});

describe('notes, calls and tasks of a fund', () => {
  it('keeps them under the funds resource and feature, with the fund’s activity, and deletes them with it', async () => {
    const id = await newFund({ name: 'Noted fund' });
    const added = await admin.post(`/api/funds/${id}/notes`, {
      body: 'LPAC meeting: the hurdle stays at 8%',
    });
    expect(added.statusCode, added.body).toBe(201);
    const listed = json<{ data: Array<{ body: string }> }>(await admin.get(`/api/funds/${id}/notes`));
    expect(listed.data.map((note) => note.body)).toEqual(['LPAC meeting: the hurdle stays at 8%']);
    const activity = json<{ data: Array<{ action: string }> }>(await admin.get(`/api/funds/${id}/activity`));
    expect(activity.data.map((row) => row.action)).toContain('fund.created');
    const investmentManager = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER));
    expect((await investmentManager.get(`/api/funds/${id}/notes`)).statusCode).toBe(403);
    await switchFunds(false);
    try {
      expect((await admin.get(`/api/funds/${id}/notes`)).statusCode).toBe(404);
    } finally {
      await switchFunds(true);
    }
    expect((await admin.delete(`/api/funds/${id}`)).statusCode).toBe(204);
    const left = await t.ctx.db.execute(
      sql`select count(*)::int as n from notes where subject_type = 'fund' and subject_id = ${id}`,
    );
    expect(rowsOf<{ n: number }>(left)[0]?.n).toBe(0);
  });
});

import { can, ROLE_IDS, ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

/*
 * Issue 21: the firm's audit log (SYSC 9). Every row of every kind, newest first, filtered by who, what
 * kind of record, action and London dates, exportable, with secrets hidden; rows of deleted records stay.
 */

let t: TestApp;
let admin: Agent;
let adminId: number;

type Row = Record<string, unknown>;
type Page = { data: Row[]; meta: { total: number } };
const json = <T = Page>(response: { body: string }) => JSON.parse(response.body) as T;

/** A kind of record of this test alone, so other tests' rows never match. */
const kind = `audit_test_${Math.random().toString(36).slice(2, 8)}`;

async function write(values: Partial<typeof auditLog.$inferInsert>) {
  const [row] = await t.ctx.db
    .insert(auditLog)
    .values({ action: `${kind}.updated`, subject_type: kind, subject_id: 1, ...values })
    .returning();
  if (!row) throw new Error('no audit row');
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  const user = await createStaff(t.ctx.db, ROLES.SUPER_ADMIN);
  adminId = user.id;
  admin = await t.as(user);
});
afterAll(() => t.close());

describe('GET /api/audit-log', () => {
  it('lists every row of a kind newest first, with who, what in words, before and after', async () => {
    await write({ action: `${kind}.created`, actor_id: adminId, after: { name: 'First' } });
    await write({ actor_id: adminId, before: { name: 'First' }, after: { name: 'Second' } });
    await write({ action: `${kind}.deleted`, actor_id: null, before: { name: 'Second' } });
    const page = json(await admin.get(`/api/audit-log?filter[subject_type]=${kind}`));
    expect(page.meta.total).toBe(3);
    expect(page.data.map((row) => row.action)).toEqual([
      `${kind}.deleted`,
      `${kind}.updated`,
      `${kind}.created`,
    ]);
    expect(page.data[1]).toMatchObject({
      actor: { id: adminId },
      subject_type: kind,
      subject_id: 1,
      before: { name: 'First' },
      after: { name: 'Second' },
    });
    expect(typeof page.data[1]?.description).toBe('string');
    expect(page.data[0]?.actor).toBeNull();
  });

  it('keeps the rows of a record deleted since, readable here (a fund made and deleted)', async () => {
    await admin.patch('/api/features', { enableFunds: true });
    const created = await admin.post('/api/funds', {
      name: 'Short-lived Fund',
      currency: 'GBP',
      target_size: '10',
    });
    const id = Number(json<{ data: Row }>(created).data.id);
    expect((await admin.delete(`/api/funds/${id}`)).statusCode).toBe(204);
    const page = json(await admin.get(`/api/audit-log?filter[subject_type]=fund&filter[subject_id]=${id}`));
    expect(page.data.map((row) => row.action)).toEqual(['fund.deleted', 'fund.created']);
    expect(page.data[1]?.after).toMatchObject({ name: 'Short-lived Fund' });
  });

  it('filters by who, by an action or its prefix, and by London days', async () => {
    const other = await createStaff(t.ctx.db, ROLES.SUPPORT);
    await write({ action: `${kind}.special`, actor_id: other.id });
    // 00:30 BST on 1 June 2026 is 1 June in London, still 31 May in UTC.
    await write({ action: `${kind}.dated`, created_at: new Date('2026-05-31T23:30:00Z') });
    await write({ action: `${kind}.dated`, created_at: new Date('2026-05-31T22:30:00Z') });
    const actions = async (query: string) =>
      json(await admin.get(`/api/audit-log?filter[subject_type]=${kind}&${query}`)).data.map(
        (row) => row.action,
      );
    expect(await actions(`filter[actor_id]=${other.id}`)).toEqual([`${kind}.special`]);
    expect(await actions(`filter[action]=${kind}.special`)).toEqual([`${kind}.special`]);
    expect((await actions(`filter[action]=${kind}.`)).length).toBeGreaterThanOrEqual(4);
    expect(await actions('filter[action]=nothing.')).toEqual([]);
    const june = json(
      await admin.get(
        `/api/audit-log?filter[subject_type]=${kind}&filter[action]=${kind}.dated&filter[created_between]=2026-06-01,2026-06-30`,
      ),
    );
    expect(june.data.map((row) => row.created_at)).toEqual(['2026-05-31T23:30:00.000000Z']);
    const may = json(
      await admin.get(
        `/api/audit-log?filter[subject_type]=${kind}&filter[action]=${kind}.dated&filter[created_between]=2026-05-01,2026-05-31`,
      ),
    );
    expect(may.data.map((row) => row.created_at)).toEqual(['2026-05-31T22:30:00.000000Z']);
    // not a day: the bound is ignored, never a 500
    const ignored = await admin.get(
      `/api/audit-log?filter[subject_type]=${kind}&filter[action]=${kind}.dated&filter[created_between]=2026-13-45`,
    );
    expect(ignored.statusCode).toBe(200);
    expect(json(ignored).meta.total).toBe(2);
  });

  it('never shows a secret, whatever an operation wrote, at any depth', async () => {
    await write({
      action: `${kind}.secretive`,
      before: { password: 'hash-before', name: 'Kept' },
      after: { nested: { api_token: 'abc', note: 'Kept' }, recovery_codes: ['x'] },
    });
    const [row] = json(
      await admin.get(`/api/audit-log?filter[subject_type]=${kind}&filter[action]=${kind}.secretive`),
    ).data;
    expect(row?.before).toEqual({ password: '[hidden]', name: 'Kept' });
    expect(row?.after).toEqual({
      nested: { api_token: '[hidden]', note: 'Kept' },
      recovery_codes: '[hidden]',
    });
  });

  it('exports the filtered log as CSV, secrets hidden', async () => {
    const response = await admin.get(
      `/api/audit-log/export?format=csv&columns=action,subject_type,before&filter[subject_type]=${kind}&filter[action]=${kind}.secretive`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    const lines = response.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Action,Record type,Before');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('[hidden]');
    expect(lines[1]).not.toContain('hash-before');
  });

  it('names the kinds of record it holds, for the filter', async () => {
    const kinds = json<{ data: Array<{ value: string; label: string }> }>(
      await admin.get('/api/audit-log/subject-types'),
    ).data;
    expect(kinds).toContainEqual({
      value: kind,
      label: kind.charAt(0).toUpperCase() + kind.slice(1).replace(/_/g, ' '),
    });
    expect(kinds).toContainEqual({ value: 'fund', label: 'Fund' });
    const values = kinds.map((item) => item.value);
    expect(values).toEqual([...values].sort());
  });

  it('answers 400 to a filter it does not know', async () => {
    expect((await admin.get('/api/audit-log?filter[__proto__]=1')).statusCode).toBe(400);
  });
});

describe('who may read it (spec §6: compliance)', () => {
  it.each(ROLE_IDS.map((role) => [role]))('role %i: 200 with compliance index, else 403', async (role) => {
    const user = role === ROLES.USER ? await createUser(t.ctx.db) : await createStaff(t.ctx.db, role);
    const agent = await t.as(user);
    const expected = role !== ROLES.USER && can(role, 'compliance', 'index') ? 200 : 403;
    expect((await agent.get('/api/audit-log')).statusCode).toBe(expected);
    expect((await agent.get('/api/audit-log/subject-types')).statusCode).toBe(expected);
    expect((await agent.get('/api/audit-log/export?format=csv')).statusCode).toBe(expected);
  });

  it('answers 401 to a visitor', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/audit-log' });
    expect(response.statusCode).toBe(401);
  });
});

import { can, ROLES, STAFF_ROLE_IDS } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, investorSubscriptions } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;

type Errors = { message: string; errors: Record<string, string[]> };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;

const plan = {
  plan_name: 'Angel Club',
  status: 'active',
  started_at: '2026-01-01',
  renews_at: '2027-01-01',
  amount: '120.5',
  currency: 'gbp',
  notes: 'Paid by bank transfer',
};

const put = (agent: Agent, id: number, body: unknown) =>
  agent.request({ method: 'PUT', url: `/api/investors/${id}/subscription`, payload: body as string });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
});
afterAll(() => t.close());

describe('membership of an investor', () => {
  it('is null until staff set it; the investor sees an empty state', async () => {
    const investor = await createUser(t.ctx.db);
    const staff = await admin.get(`/api/investors/${investor.id}/subscription`);
    expect(staff.statusCode).toBe(200);
    expect(data(staff)).toBeNull();
    const own = await (await t.as(investor)).get('/api/profile/subscription');
    expect(own.statusCode).toBe(200);
    expect(data(own)).toBeNull();
  });

  it('is set by staff with an audit row, replaced by a second PUT, and read by the investor without notes', async () => {
    const investor = await createUser(t.ctx.db);
    const created = await put(admin, investor.id, plan);
    expect(created.statusCode).toBe(200);
    expect(data(created)).toMatchObject({
      user_id: investor.id,
      plan_name: 'Angel Club',
      status: 'active',
      amount: '120.50',
      currency: 'GBP',
      renews_at: '2027-01-01',
      notes: 'Paid by bank transfer',
    });

    const changed = await put(admin, investor.id, { ...plan, status: 'lapsed', amount: 99, renews_at: '' });
    expect(data(changed)).toMatchObject({ status: 'lapsed', amount: '99.00', renews_at: null });

    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'investor'), eq(auditLog.subject_id, investor.id)));
    expect(audits.map((row) => row.action)).toEqual([
      'investor.subscription_created',
      'investor.subscription_updated',
    ]);
    expect(audits[1]?.after).toMatchObject({ status: 'lapsed', amount: '99.00' });

    const own = data(await (await t.as(investor)).get('/api/profile/subscription'));
    expect(own).toMatchObject({ plan_name: 'Angel Club', status: 'lapsed', amount: '99.00' });
    expect(own).not.toHaveProperty('notes');
    expect(own).not.toHaveProperty('user_id');

    const activity = await admin.get(`/api/investors/${investor.id}/activity`);
    expect(activity.body).toContain('Membership set: Angel Club');
  });

  it('answers 422 for bad input, with a message on each field', async () => {
    const investor = await createUser(t.ctx.db);
    const response = await put(admin, investor.id, {
      plan_name: '',
      status: 'paused',
      started_at: '2026-13-01',
      amount: '12.345',
      currency: 'pounds',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(response).errors).sort()).toEqual(
      ['amount', 'currency', 'plan_name', 'started_at', 'status'].sort(),
    );
    const backwards = await put(admin, investor.id, { ...plan, renews_at: '2025-12-31' });
    expect(json<Errors>(backwards).errors.renews_at?.[0]).toMatch(/on or after/);
    const unknown = await put(admin, investor.id, { ...plan, user_id: 1 });
    expect(unknown.statusCode).toBe(422);
    expect((await put(admin, investor.id, {})).statusCode).toBe(422);
  });

  it('answers 404 for an unknown investor or a staff member’s id', async () => {
    const staff = await createStaff(t.ctx.db, ROLES.SUPPORT);
    expect((await admin.get('/api/investors/999999/subscription')).statusCode).toBe(404);
    expect((await put(admin, 999999, plan)).statusCode).toBe(404);
    expect((await admin.get(`/api/investors/${staff.id}/subscription`)).statusCode).toBe(404);
    expect((await admin.get('/api/investors/abc/subscription')).statusCode).toBe(404);
  });

  it('follows the permission table: investors show to read, investors update to set', async () => {
    const investor = await createUser(t.ctx.db);
    for (const role of STAFF_ROLE_IDS) {
      const agent = await t.as(await createStaff(t.ctx.db, role));
      const read = await agent.get(`/api/investors/${investor.id}/subscription`);
      expect(read.statusCode, `role ${role} reads`).toBe(can(role, 'investors', 'show') ? 200 : 403);
      const write = await put(agent, investor.id, plan);
      expect(write.statusCode, `role ${role} writes`).toBe(can(role, 'investors', 'update') ? 200 : 403);
    }
    // The investor reaches only their own, through /api/profile.
    const self = await t.as(investor);
    expect((await self.get(`/api/investors/${investor.id}/subscription`)).statusCode).toBe(403);
    expect((await put(self, investor.id, plan)).statusCode).toBe(403);
    expect((await t.agent().get('/api/profile/subscription')).statusCode).toBe(401);
    expect((await admin.get('/api/profile/subscription')).statusCode).toBe(403);
  });

  it('keeps one membership per investor when ten saves arrive at once', async () => {
    const investor = await createUser(t.ctx.db);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        put(admin, investor.id, { ...plan, plan_name: `Plan ${index}` }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const rows = await t.ctx.db
      .select()
      .from(investorSubscriptions)
      .where(eq(investorSubscriptions.user_id, investor.id));
    expect(rows).toHaveLength(1);
  });
});

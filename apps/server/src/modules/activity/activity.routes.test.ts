import { ROLES, type RoleId } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

let t: TestApp;
let admin: Agent;

type Timeline = { data: Array<{ action: string; description: string }>; meta: { total: number } };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const agentFor = async (role: RoleId) => t.as(await createStaff(t.ctx.db, role));

beforeAll(async () => {
  t = await createTestApp();
  admin = await agentFor(ROLES.SUPER_ADMIN);
});
afterAll(() => t.close());

const TASK = 'Chase the lead investor’s side letter';

/** A note, a call and a task on the opportunity, as staff add them on its Notes, Calls and Tasks tab. */
async function engage(id: number) {
  const responses = [
    await admin.post(`/api/opportunities/${id}/notes`, { body: 'The founder wants a lower valuation' }),
    await admin.post(`/api/opportunities/${id}/calls`, {
      occurred_at: new Date(Date.now() - 3_600_000).toISOString(),
      duration_minutes: 20,
      outcome: 'connected',
      summary: 'Term sheet discussed',
    }),
    await admin.post(`/api/opportunities/${id}/tasks`, { title: TASK }),
  ];
  for (const response of responses) expect(response.statusCode, response.body).toBe(201);
}

async function timeline(agent: Agent, id: number) {
  const response = await agent.get(`/api/opportunities/${id}/activity?per_page=100`);
  expect(response.statusCode, response.body).toBe(200);
  const page = json<Timeline>(response);
  // the count pages by is the count of what the reader may see
  expect(page.meta.total).toBe(page.data.length);
  return page;
}

const NOTES_CALLS_TASKS = ['note.added', 'call.logged', 'task.created'];

describe('an opportunity’s timeline, as each role may see it (spec §6)', () => {
  it('leaves notes, calls and tasks out for the Investment Manager on a live opportunity', async () => {
    const opportunity = await createOpportunity(t.ctx.db, { status: 3 });
    await engage(opportunity.id);
    const moved = await admin.post(`/api/opportunities/${opportunity.id}/transition`, { status: 2 });
    expect(moved.statusCode, moved.body).toBe(200);

    for (const role of [ROLES.SUPER_ADMIN, ROLES.FUND_MANAGER, ROLES.INVESTMENT_COMMITTEE]) {
      const actions = (await timeline(await agentFor(role), opportunity.id)).data.map((line) => line.action);
      expect(actions, `role ${role}`).toEqual(
        expect.arrayContaining([...NOTES_CALLS_TASKS, 'opportunity.status_changed']),
      );
    }
    const managed = await timeline(await agentFor(ROLES.INVESTMENT_MANAGER), opportunity.id);
    expect(managed.data.map((line) => line.action)).toEqual(['opportunity.status_changed']);
    expect(JSON.stringify(managed)).not.toContain(TASK);
  });

  it('leaves performance and transactions out too on an existing investment', async () => {
    const existing = await createOpportunity(t.ctx.db, { status: 5, share_price: '1.000000' });
    const holder = await createUser(t.ctx.db, { name: 'Hana Holder' });
    await engage(existing.id);
    const base = `/api/existing-investments/${existing.id}`;
    const price = await admin.post(`${base}/share-prices`, { effective_on: '2025-01-31', price: '1.5' });
    expect(price.statusCode, price.body).toBe(201);
    const followOn = await admin.post(`${base}/transactions`, {
      kind: 'follow_on',
      user_id: holder.id,
      occurred_on: '2025-02-01',
      shares: '500',
      amount: '750.00',
    });
    expect(followOn.statusCode, followOn.body).toBe(201);
    const matured = await admin.post(`/api/opportunities/${existing.id}/transition`, { status: 6 });
    expect(matured.statusCode, matured.body).toBe(200);

    const everything = [
      ...NOTES_CALLS_TASKS,
      'opportunity.share_price_added',
      'opportunity.holding_follow_on_added',
      'opportunity.status_changed',
    ];
    for (const role of [ROLES.SUPER_ADMIN, ROLES.FUND_MANAGER]) {
      const actions = (await timeline(await agentFor(role), existing.id)).data.map((line) => line.action);
      expect(actions, `role ${role}`).toEqual(expect.arrayContaining(everything));
    }
    const managed = await timeline(await agentFor(ROLES.INVESTMENT_MANAGER), existing.id);
    expect(managed.data.map((line) => line.action)).toEqual(['opportunity.status_changed']);
    expect(JSON.stringify(managed)).not.toMatch(/Hana Holder|750/);
  });
});

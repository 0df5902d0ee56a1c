import { clearanceExpiresOn, ROLES, STAFF_ROLE_IDS, type PaDeal, type RoleId } from '@portico/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  auditLog,
  notifications,
  paDealEvents,
  pipelineDeals,
  pipelines,
  pipelineStages,
  type UserRow,
} from '../../db/schema';
import { usePostgres } from '../../test/database';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

/*
 * Personal-account dealing (issue 21, COBS 11.7): every staff role declares and follows its own requests;
 * only roles with the compliance permission (Super Admin, Support) see everyone's and decide, never their own;
 * the state machine and its 422s; parallel decisions; the records cannot be changed; the insider warning.
 */

let t: TestApp;
let admin: Agent;
let adminUser: UserRow;
let support: Agent;
let supportUser: UserRow;
let dealer: UserRow;
let dealerAgent: Agent;
let dealId: number;

type Errors = { message: string; errors: Record<string, string[]> };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T>(response: { body: string }) => json<{ data: T }>(response).data;

const REQUEST = {
  instrument: 'Ordinary shares',
  company_name: 'Acme Widgets plc',
  side: 'buy',
  quantity: '1000',
  estimated_value: '2500.00',
  currency: 'gbp',
  reason: 'Long-term holding for my ISA',
};

async function declare(agent: Agent, overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await agent.post('/api/pa-deals', { ...REQUEST, ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return data<{ id: number }>(response).id;
}

const show = async (agent: Agent, id: number) => data<PaDeal>(await agent.get(`/api/pa-deals/${id}`));

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  adminUser = await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' });
  admin = await t.as(adminUser);
  supportUser = await createStaff(t.ctx.db, ROLES.SUPPORT, { name: 'Sam Support' });
  support = await t.as(supportUser);
  dealer = await createStaff(t.ctx.db, ROLES.FUND_MANAGER, { name: 'Fiona Fund' });
  dealerAgent = await t.as(dealer);
  const features = await admin.patch('/api/features', { enableMarketSounding: true });
  expect(features.statusCode, features.body).toBe(200);
  const [pipeline] = await t.ctx.db.insert(pipelines).values({ name: 'PA pipeline' }).returning();
  if (!pipeline) throw new Error('no pipeline');
  const [stage] = await t.ctx.db
    .insert(pipelineStages)
    .values({ pipeline_id: pipeline.id, name: 'Sourced' })
    .returning();
  if (!stage) throw new Error('no stage');
  const [deal] = await t.ctx.db
    .insert(pipelineDeals)
    .values({
      pipeline_id: pipeline.id,
      stage_id: stage.id,
      name: 'Acme Series B',
      company_name: 'ACME Widgets plc',
    })
    .returning();
  if (!deal) throw new Error('no deal');
  dealId = deal.id;
});
afterAll(() => t.close());

describe('the feature switch and who may call', () => {
  it('answers 404 for every route while market sounding is off', async () => {
    const id = await declare(dealerAgent);
    await admin.patch('/api/features', { enableMarketSounding: false });
    try {
      expect((await dealerAgent.get('/api/pa-deals')).statusCode).toBe(404);
      expect((await dealerAgent.get(`/api/pa-deals/${id}`)).statusCode).toBe(404);
      expect((await dealerAgent.post('/api/pa-deals', REQUEST)).statusCode).toBe(404);
      expect((await support.post(`/api/pa-deals/${id}/approve`, {})).statusCode).toBe(404);
    } finally {
      await admin.patch('/api/features', { enableMarketSounding: true });
    }
  });

  it('refuses investors on every route (403)', async () => {
    const id = await declare(dealerAgent);
    const investor = await t.as(await createUser(t.ctx.db));
    expect((await investor.get('/api/pa-deals')).statusCode).toBe(403);
    expect((await investor.get(`/api/pa-deals/${id}`)).statusCode).toBe(403);
    expect((await investor.post('/api/pa-deals', REQUEST)).statusCode).toBe(403);
    expect((await investor.post(`/api/pa-deals/${id}/approve`, {})).statusCode).toBe(403);
    expect((await investor.post(`/api/pa-deals/${id}/refuse`, { reason: 'x' })).statusCode).toBe(403);
    expect(
      (
        await investor.post(`/api/pa-deals/${id}/execute`, {
          executed_on: '2025-01-01',
          price: '1',
          quantity: '1',
        })
      ).statusCode,
    ).toBe(403);
    expect((await investor.post(`/api/pa-deals/${id}/withdraw`)).statusCode).toBe(403);
  });

  it('lets every staff role declare and see its own; only Super Admin and Support see all and decide', async () => {
    const compliance: readonly RoleId[] = [ROLES.SUPER_ADMIN, ROLES.SUPPORT];
    for (const role of STAFF_ROLE_IDS) {
      const other = await declare(dealerAgent);
      const user = await createStaff(t.ctx.db, role);
      const agent = await t.as(user);
      const own = await declare(agent, { company_name: `Own ${role} Ltd` });
      expect((await agent.get(`/api/pa-deals/${own}`)).statusCode, `role ${role} own`).toBe(200);
      const list = data<PaDeal[]>(await agent.get('/api/pa-deals?per_page=100'));
      const sees = (compliance as readonly number[]).includes(role);
      expect(list.some((deal) => deal.id === own)).toBe(true);
      expect(
        list.some((deal) => deal.id === other),
        `role ${role} list`,
      ).toBe(sees);
      expect(list.every((deal) => deal.user.id === user.id)).toBe(!sees);
      expect((await agent.get(`/api/pa-deals/${other}`)).statusCode, `role ${role} other`).toBe(
        sees ? 200 : 404,
      );
      // others' filter[user_id] never widens a non-compliance list
      const filtered = data<PaDeal[]>(await agent.get(`/api/pa-deals?filter[user_id]=${dealer.id}`));
      expect(filtered.length > 0).toBe(sees);
      const decide = await agent.post(`/api/pa-deals/${other}/refuse`, { reason: 'No.' });
      expect(decide.statusCode, `role ${role} decide`).toBe(sees ? 200 : 403);
      const approve = await agent.post(`/api/pa-deals/${other}/approve`, {});
      // a compliance role finds it decided now (422); the others may not decide at all (403)
      expect(approve.statusCode, `role ${role} approve`).toBe(sees ? 422 : 403);
    }
  });
});

describe('declaring a deal', () => {
  it('answers 422 with field errors', async () => {
    const response = await dealerAgent.post('/api/pa-deals', {
      instrument: ' ',
      company_name: '',
      side: 'hold',
      quantity: '0',
      estimated_value: '12.345',
      currency: 'XXQ',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(response).errors).sort()).toEqual(
      ['company_name', 'currency', 'estimated_value', 'instrument', 'quantity', 'reason', 'side'].sort(),
    );
    const unknown = await dealerAgent.post('/api/pa-deals', { ...REQUEST, opportunity_id: 999999 });
    expect(unknown.statusCode).toBe(422);
    expect(json<Errors>(unknown).errors.opportunity_id).toBeDefined();
  });

  it('stores the request pending, with its audit row, and tells compliance staff', async () => {
    const id = await declare(dealerAgent, { deal_id: dealId });
    const deal = await show(dealerAgent, id);
    expect(deal).toMatchObject({
      user: { id: dealer.id, name: 'Fiona Fund' },
      instrument: 'Ordinary shares',
      company_name: 'Acme Widgets plc',
      deal: { id: dealId, name: 'Acme Series B' },
      side: 'buy',
      quantity: '1000',
      estimated_value: '2500.00',
      currency: 'GBP',
      status: 'pending',
      events: [],
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'pa_deal'), eq(auditLog.subject_id, id)));
    expect(audit).toMatchObject({ action: 'pa_deal.requested', actor_id: dealer.id });
    const told = await t.ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.notifiable_id, supportUser.id),
          eq(notifications.type, 'App\\Notifications\\PaDealRequested'),
        ),
      );
    expect(
      told.some((row) => (row.data as { cta: string }).cta === `/admin/insider-register/pa-deals/${id}`),
    ).toBe(true);
  });
});

describe('the state machine', () => {
  it('approves, then the owner records the execution within pre-clearance', async () => {
    const id = await declare(dealerAgent);
    expect(
      (
        await dealerAgent.post(`/api/pa-deals/${id}/execute`, {
          executed_on: t.ctx.clock.today(),
          price: '2.5',
          quantity: '10',
        })
      ).statusCode,
    ).toBe(422);
    const approved = await admin.post(`/api/pa-deals/${id}/approve`, { note: 'Fine, no conflicts.' });
    expect(approved.statusCode, approved.body).toBe(200);
    const today = t.ctx.clock.today();
    const deal = await show(dealerAgent, id);
    expect(deal).toMatchObject({
      status: 'approved',
      approved_on: today,
      clearance_expires_on: clearanceExpiresOn(today),
      clearance_lapsed: false,
      events: [{ kind: 'approved', reason: 'Fine, no conflicts.', actor: { id: adminUser.id } }],
    });
    // the requester hears of the decision
    const told = await t.ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.notifiable_id, dealer.id),
          eq(notifications.type, 'App\\Notifications\\PaDealDecided'),
        ),
      );
    expect(told.length).toBeGreaterThan(0);

    // a second decision, a withdrawal, or someone else's execution: refused
    expect((await support.post(`/api/pa-deals/${id}/refuse`, { reason: 'Late' })).statusCode).toBe(422);
    expect((await support.post(`/api/pa-deals/${id}/approve`, {})).statusCode).toBe(422);
    expect((await dealerAgent.post(`/api/pa-deals/${id}/withdraw`)).statusCode).toBe(422);
    const trade = { executed_on: today, price: '2.4567', quantity: '1000' };
    expect((await admin.post(`/api/pa-deals/${id}/execute`, trade)).statusCode).toBe(404);

    const future = await dealerAgent.post(`/api/pa-deals/${id}/execute`, {
      ...trade,
      executed_on: '2999-01-01',
    });
    expect(future.statusCode).toBe(422);
    expect(json<Errors>(future).errors.executed_on).toBeDefined();
    const before = await dealerAgent.post(`/api/pa-deals/${id}/execute`, {
      ...trade,
      executed_on: '2020-01-01',
    });
    expect(json<Errors>(before).errors.executed_on).toEqual([
      'The deal cannot be executed before its approval.',
    ]);
    const more = await dealerAgent.post(`/api/pa-deals/${id}/execute`, { ...trade, quantity: '1000.5' });
    expect(more.statusCode).toBe(422);
    expect(json<Errors>(more).errors.quantity).toBeDefined();
    const zero = await dealerAgent.post(`/api/pa-deals/${id}/execute`, { ...trade, price: '0' });
    expect(json<Errors>(zero).errors.price).toBeDefined();

    const executed = await dealerAgent.post(`/api/pa-deals/${id}/execute`, trade);
    expect(executed.statusCode, executed.body).toBe(200);
    const done = await show(admin, id);
    expect(done.status).toBe('executed');
    expect(done.events.map((event) => event.kind)).toEqual(['approved', 'executed']);
    expect(done.events[1]).toMatchObject({ executed_on: today, price: '2.4567', quantity: '1000' });
    expect((await dealerAgent.post(`/api/pa-deals/${id}/execute`, trade)).statusCode).toBe(422);
    const audits = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'pa_deal'), eq(auditLog.subject_id, id)));
    expect(audits.map((row) => row.action).sort()).toEqual(
      ['pa_deal.approved', 'pa_deal.executed', 'pa_deal.requested'].sort(),
    );
  });

  it('refuses with a reason, and the owner withdraws a pending request', async () => {
    const id = await declare(dealerAgent);
    const noReason = await support.post(`/api/pa-deals/${id}/refuse`, { reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(json<Errors>(noReason).errors.reason).toBeDefined();
    expect((await support.post(`/api/pa-deals/${id}/refuse`, { reason: 'Closed period' })).statusCode).toBe(
      200,
    );
    expect((await show(dealerAgent, id)).status).toBe('refused');
    expect(
      (
        await dealerAgent.post(`/api/pa-deals/${id}/execute`, {
          executed_on: t.ctx.clock.today(),
          price: '1',
          quantity: '1',
        })
      ).statusCode,
    ).toBe(422);

    const second = await declare(dealerAgent);
    expect((await admin.post(`/api/pa-deals/${second}/withdraw`)).statusCode).toBe(404);
    expect((await dealerAgent.post(`/api/pa-deals/${second}/withdraw`)).statusCode).toBe(200);
    expect((await show(dealerAgent, second)).status).toBe('withdrawn');
    expect((await admin.post(`/api/pa-deals/${second}/approve`, {})).statusCode).toBe(422);
    const pending = data<PaDeal[]>(await dealerAgent.get('/api/pa-deals?filter[status]=withdrawn'));
    expect(pending.map((deal) => deal.id)).toContain(second);
    expect(pending.every((deal) => deal.status === 'withdrawn')).toBe(true);
  });

  it('does not let a compliance officer decide their own request', async () => {
    const id = await declare(admin);
    for (const path of ['approve', 'refuse']) {
      const response = await admin.post(`/api/pa-deals/${id}/${path}`, { reason: 'Mine' });
      expect(response.statusCode).toBe(422);
      expect(json<Errors>(response).errors.status).toEqual(['Someone else must decide your own request.']);
    }
    expect((await support.post(`/api/pa-deals/${id}/approve`, {})).statusCode).toBe(200);
  });

  it('refuses an execution after pre-clearance has lapsed', async () => {
    const id = await declare(dealerAgent);
    expect((await support.post(`/api/pa-deals/${id}/approve`, {})).statusCode).toBe(200);
    const approvedOn = t.ctx.clock.today();
    t.ctx.clock.advance(8 * 86_400);
    const lapsed = await show(dealerAgent, id);
    expect(lapsed).toMatchObject({ status: 'approved', clearance_lapsed: true });
    const late = await dealerAgent.post(`/api/pa-deals/${id}/execute`, {
      executed_on: t.ctx.clock.today(),
      price: '1.00',
      quantity: '500',
    });
    expect(late.statusCode).toBe(422);
    expect(json<Errors>(late).errors.executed_on?.[0]).toContain('declare the deal again');
    // a trade done within pre-clearance may still be recorded late
    const inTime = await dealerAgent.post(`/api/pa-deals/${id}/execute`, {
      executed_on: approvedOn,
      price: '1.00',
      quantity: '500',
    });
    expect(inTime.statusCode, inTime.body).toBe(200);
  });
});

describe('records kept for good', () => {
  it('refuses UPDATE and DELETE of requests and events, and out-of-order events', async () => {
    const id = await declare(dealerAgent);
    await expect(t.ctx.db.execute(sql`update pa_deals set quantity = 1 where id = ${id}`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from pa_deals where id = ${id}`)).rejects.toThrow();
    // an execution before an approval
    await expect(
      t.ctx.db.execute(
        sql`insert into pa_deal_events (pa_deal_id, kind, executed_on, price, quantity, actor_id) values (${id}, 'executed', '2025-01-01', 1, 1, ${dealer.id})`,
      ),
    ).rejects.toThrow();
    expect((await support.post(`/api/pa-deals/${id}/approve`, {})).statusCode).toBe(200);
    // a second outcome
    await expect(
      t.ctx.db.execute(
        sql`insert into pa_deal_events (pa_deal_id, kind, reason, actor_id) values (${id}, 'refused', 'no', ${adminUser.id})`,
      ),
    ).rejects.toThrow();
    const [event] = await t.ctx.db.select().from(paDealEvents).where(eq(paDealEvents.pa_deal_id, id));
    if (!event) throw new Error('no event');
    await expect(
      t.ctx.db.execute(sql`update pa_deal_events set kind = 'refused' where id = ${event.id}`),
    ).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from pa_deal_events where id = ${event.id}`)).rejects.toThrow();
    expect((await show(admin, id)).status).toBe('approved');
  });
});

describe.runIf(usePostgres())('parallel decisions on PostgreSQL', () => {
  it('keeps one decision and answers 422 to the others', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await declare(dealerAgent);
      const responses = await Promise.all([
        admin.post(`/api/pa-deals/${id}/approve`, {}),
        support.post(`/api/pa-deals/${id}/refuse`, { reason: 'Closed period' }),
        admin.post(`/api/pa-deals/${id}/refuse`, { reason: 'Closed period' }),
        support.post(`/api/pa-deals/${id}/approve`, {}),
      ]);
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes).toEqual([200, 422, 422, 422]);
      const counted = await t.ctx.db.execute(
        sql`select count(*)::int as n from pa_deal_events where pa_deal_id = ${id}`,
      );
      expect(rowsOf<{ n: number }>(counted)[0]?.n).toBe(1);
    }
  });
});

describe('the insider warning', () => {
  async function insiderList(subject: { deal_id?: number; opportunity_id?: number; permanent?: boolean }) {
    const result = await t.ctx.db.execute(
      sql`insert into insider_lists (deal_id, opportunity_id, permanent) values (${subject.deal_id ?? null}, ${subject.opportunity_id ?? null}, ${subject.permanent ?? false}) returning id`,
    );
    const [row] = rowsOf<{ id: number }>(result);
    if (!row) throw new Error('no list');
    return Number(row.id);
  }
  async function entry(
    listId: number,
    user: UserRow,
    subject: { deal_id?: number; opportunity_id?: number; permanent?: boolean },
    ceased?: { entryId: number },
  ) {
    const result = await t.ctx.db.execute(sql`
      insert into insider_list_entries (entry_id, version, list_id, deal_id, opportunity_id, permanent, user_id,
        first_names, surnames, function_reason, obtained_at, ceased_at)
      values (${ceased?.entryId ?? null}, ${ceased ? 2 : null}, ${listId}, ${subject.deal_id ?? null},
        ${subject.opportunity_id ?? null}, ${subject.permanent ?? false}, ${user.id}, 'Test', 'Insider',
        'Works on the deal', now() - interval '1 day', ${ceased ? sql`now()` : null})
      returning entry_id`);
    const [row] = rowsOf<{ entry_id: number }>(result);
    return Number(row?.entry_id);
  }

  it('warns when the dealer is an insider of the issuer’s deal or opportunity, not once ceased', async () => {
    const insider = await createStaff(t.ctx.db, ROLES.INVESTMENT_COMMITTEE, { name: 'Ian Insider' });
    const agent = await t.as(insider);
    const opportunity = await createOpportunity(t.ctx.db, {
      status: 1,
      name: 'Zed Raise',
      company_name: 'Zed Ltd',
    });
    const dealList = await insiderList({ deal_id: dealId });
    await entry(dealList, insider, { deal_id: dealId });
    const opportunityList = await insiderList({ opportunity_id: opportunity.id });
    const opportunityEntry = await entry(opportunityList, insider, { opportunity_id: opportunity.id });

    // by company name, ignoring case and spaces ("ACME Widgets plc" is the deal's company)
    const byName = await declare(agent, { company_name: '  acme widgets PLC ' });
    expect((await show(agent, byName)).insider_warning).toEqual([
      {
        subject_type: 'deal',
        subject_id: dealId,
        name: 'Acme Series B',
        permanent: false,
        message: 'Insider on the list of Acme Series B',
      },
    ]);
    // by the linked opportunity, whatever the name typed
    const byLink = await declare(agent, { company_name: 'Something else', opportunity_id: opportunity.id });
    expect((await show(agent, byLink)).insider_warning.map((warning) => warning.name)).toEqual(['Zed Raise']);
    // another company: no warning; the list carries the warning too
    const unrelated = await declare(agent, { company_name: 'Unrelated Ltd' });
    expect((await show(agent, unrelated)).insider_warning).toEqual([]);
    const listed = data<PaDeal[]>(await admin.get(`/api/pa-deals?filter[user_id]=${insider.id}`));
    expect(listed.find((deal) => deal.id === byName)?.insider_warning).toHaveLength(1);
    // someone else dealing in the same company: no warning (they are not on the list)
    const otherDeal = await declare(dealerAgent, { company_name: 'Acme Widgets plc' });
    expect((await show(dealerAgent, otherDeal)).insider_warning).toEqual([]);

    // the entry ceases (a new version): the warning goes
    await entry(opportunityList, insider, { opportunity_id: opportunity.id }, { entryId: opportunityEntry });
    expect((await show(agent, byLink)).insider_warning).toEqual([]);

    // a permanent insider is warned on every request
    const permanentList = await insiderList({ permanent: true });
    await entry(permanentList, insider, { permanent: true });
    const warnings = (await show(agent, unrelated)).insider_warning;
    expect(warnings).toEqual([
      {
        subject_type: null,
        subject_id: null,
        name: null,
        permanent: true,
        message: 'On the permanent insider list',
      },
    ]);
  });
});

import { ROLES, type RoleId } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { investments, opportunities, type OpportunityRow } from '../../db/schema';
import { createStaff } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { readyInvestor } from '../investing/investing-fixtures';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

/*
 * Fund opportunities (issue 20): an opportunity with a fund_id raises for that fund, is guarded by
 * funds_opportunity, and is offered to investors only while the funds feature is on.
 */

let t: TestApp;
let admin: Agent;

type Row = Record<string, unknown>;
type Page = { data: Row[]; meta: { total: number } };
type Errors = { message: string; errors: Record<string, string[]> };
const json = <T = Row>(response: { body: string }) => JSON.parse(response.body) as T;
const data = (response: { body: string }) => json<{ data: Row }>(response).data;
const errorsOf = (response: { body: string }) => json<Errors>(response).errors;

const draft = (extra: Row = {}) => ({
  name: `Fund raise ${Math.random().toString(36).slice(2, 8)}`,
  company_name: 'Growth Fund I LP',
  target_amount: '250000',
  maximum_amount: '400000.00',
  minimum_investment: '1000',
  share_price: '1.00',
  closing_date: '2031-03-31',
  tax_relief: 'eis',
  ...extra,
});

async function switchFunds(on: boolean) {
  const response = await admin.patch('/api/features', { enableFunds: on });
  if (response.statusCode !== 200) throw new Error(response.body);
}

async function newFund(body: Row = {}) {
  const response = await admin.post('/api/funds', {
    name: `Fund ${Math.random().toString(36).slice(2, 8)}`,
    currency: 'GBP',
    target_size: '1000000',
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return { id: Number(data(response).id), name: String(data(response).name) };
}

const staff = async (role: RoleId) => t.as(await createStaff(t.ctx.db, role));

/** A live (Live - External) opportunity written directly, raising for the fund when given. */
const liveOpportunity = (fundId: number | null) =>
  createOpportunity(t.ctx.db, {
    status: 2,
    published_at: new Date(),
    share_price: '1.000000',
    minimum_investment: '1000.00',
    maximum_amount: '100000.00',
    target_amount: '50000.00',
    fund_id: fundId,
  });

const investIn = (agent: Agent, opportunity: OpportunityRow) =>
  agent.post('/api/investments', {
    opportunity_id: opportunity.id,
    amount: '2000.00',
    holding: { type: 'self' },
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  await switchFunds(true);
});
afterAll(() => t.close());

describe('creating and changing a fund opportunity', () => {
  it('creates one with fund_id (201) and answers fund_id and fund_name; the list filters by fund', async () => {
    const fund = await newFund({ name: 'Growth Fund I' });
    const response = await admin.post('/api/opportunities', draft({ fund_id: fund.id }));
    expect(response.statusCode, response.body).toBe(201);
    const created = data(response);
    expect(created).toMatchObject({ fund_id: fund.id, fund_name: 'Growth Fund I', currency: 'GBP' });
    const [row] = await t.ctx.db
      .select({ fund_id: opportunities.fund_id })
      .from(opportunities)
      .where(eq(opportunities.id, Number(created.id)));
    expect(row?.fund_id).toBe(fund.id);

    const ordinary = data(await admin.post('/api/opportunities', draft()));
    expect(ordinary).toMatchObject({ fund_id: null, fund_name: null });

    const list = json<Page>(await admin.get(`/api/opportunities?filter[fund]=${fund.id}`));
    expect(list.data.map((item) => item.id)).toEqual([created.id]);
    expect(list.data[0]).toMatchObject({ fund_id: fund.id, fund_name: 'Growth Fund I' });
  });

  it('refuses a fund that does not exist (422 on fund_id)', async () => {
    const response = await admin.post('/api/opportunities', draft({ fund_id: 999_999 }));
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response).fund_id).toEqual(['The selected fund is invalid.']);
  });

  it('refuses another currency than the fund’s, with the way out (422 on currency or fund_id)', async () => {
    const fund = await newFund({ name: 'Euro Fund', currency: 'EUR' });
    const inPounds = await admin.post('/api/opportunities', draft({ fund_id: fund.id, currency: 'GBP' }));
    expect(inPounds.statusCode).toBe(422);
    expect(errorsOf(inPounds).currency?.[0]).toBe(
      'The fund “Euro Fund” is in EUR: an opportunity raising for it must be in EUR too. Choose EUR, or another fund.',
    );
    // No currency given: GBP, the default, and the error names the fund.
    const defaulted = await admin.post('/api/opportunities', draft({ fund_id: fund.id }));
    expect(defaulted.statusCode).toBe(422);
    expect(errorsOf(defaulted).fund_id?.[0]).toMatch(/“Euro Fund” is in EUR and this opportunity is in GBP/);
    const inEuros = await admin.post('/api/opportunities', draft({ fund_id: fund.id, currency: 'EUR' }));
    expect(inEuros.statusCode, inEuros.body).toBe(201);

    // A GBP opportunity cannot be moved to the EUR fund either.
    const ordinary = data(await admin.post('/api/opportunities', draft()));
    const moved = await admin.patch(`/api/opportunities/${String(ordinary.id)}`, { fund_id: fund.id });
    expect(moved.statusCode).toBe(422);
    expect(errorsOf(moved).fund_id?.[0]).toMatch(/choose a fund in GBP/);
  });

  it('links, clears and relinks a fund by update; not once investors have committed', async () => {
    const fund = await newFund();
    const other = await newFund();
    const created = data(await admin.post('/api/opportunities', draft()));
    const path = `/api/opportunities/${String(created.id)}`;
    const linked = await admin.patch(path, { fund_id: fund.id });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(data(linked)).toMatchObject({ fund_id: fund.id });
    const cleared = await admin.patch(path, { fund_id: null });
    expect(data(cleared)).toMatchObject({ fund_id: null, fund_name: null });
    await admin.patch(path, { fund_id: fund.id });

    const investor = await readyInvestor(t.ctx.db, t.ctx.clock);
    await t.ctx.db.insert(investments).values({
      opportunity_id: Number(created.id),
      user_id: investor.id,
      amount: '1000.00',
      shares: '1000.000000',
      status: 'reserved',
      type: 'platform',
      payment_reference: `FUNDOPP-${String(created.id)}`,
    });
    const refused = await admin.patch(path, { fund_id: other.id });
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused).fund_id).toEqual([
      'Investors have committed to this opportunity, so the fund it raises for cannot change.',
    ]);
    expect((await admin.patch(path, { fund_id: null })).statusCode).toBe(422);
    // The same fund again is no change, and other fields still change.
    const same = await admin.patch(path, { fund_id: fund.id, summary: 'Still raising' });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('refuses to link a fund while the funds feature is off (422 on fund_id); a linked one is not found', async () => {
    const fund = await newFund();
    const linked = data(await admin.post('/api/opportunities', draft({ fund_id: fund.id })));
    await switchFunds(false);
    try {
      const created = await admin.post('/api/opportunities', draft({ fund_id: fund.id }));
      expect(created.statusCode).toBe(422);
      expect(errorsOf(created).fund_id).toEqual([
        'Funds are switched off: an opportunity cannot raise for a fund until the funds feature is on.',
      ]);
      const ordinary = data(await admin.post('/api/opportunities', draft()));
      const moved = await admin.patch(`/api/opportunities/${String(ordinary.id)}`, { fund_id: fund.id });
      expect(moved.statusCode).toBe(422);
      expect(errorsOf(moved).fund_id?.[0]).toMatch(/Funds are switched off/);
      // A fund opportunity is out of sight while funds are off: unlinking it waits for the feature.
      const cleared = await admin.patch(`/api/opportunities/${String(linked.id)}`, { fund_id: null });
      expect(cleared.statusCode, cleared.body).toBe(404);
    } finally {
      await switchFunds(true);
    }
    const cleared = await admin.patch(`/api/opportunities/${String(linked.id)}`, { fund_id: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
  });
});

describe('permissions: funds_opportunity guards a fund opportunity', () => {
  it('lets a Fund Manager create one; a Custodian (read and update only) may not', async () => {
    const fund = await newFund();
    const manager = await staff(ROLES.FUND_MANAGER);
    const made = await manager.post('/api/opportunities', draft({ fund_id: fund.id }));
    expect(made.statusCode, made.body).toBe(201);

    const custodian = await staff(ROLES.CUSTODIAN);
    const refused = await custodian.post('/api/opportunities', draft({ fund_id: fund.id }));
    expect(refused.statusCode).toBe(403);
    // The Custodian reads and updates it (funds_opportunity: index, show, update).
    const id = String(data(made).id);
    expect((await custodian.get(`/api/opportunities/${id}`)).statusCode).toBe(200);
    const changed = await custodian.patch(`/api/opportunities/${id}`, { summary: 'Custodian was here' });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('keeps a fund opportunity from a role without funds_opportunity (Entrepreneur), in the list too', async () => {
    const fund = await newFund();
    const fundOpportunity = data(await admin.post('/api/opportunities', draft({ fund_id: fund.id })));
    const ordinary = data(await admin.post('/api/opportunities', draft()));
    const entrepreneur = await staff(ROLES.ENTREPRENEUR);
    expect((await entrepreneur.get(`/api/opportunities/${String(fundOpportunity.id)}`)).statusCode).toBe(403);
    expect(
      (await entrepreneur.patch(`/api/opportunities/${String(fundOpportunity.id)}`, { summary: 'x' }))
        .statusCode,
    ).toBe(403);
    // Linking a fund moves the record to funds_opportunity: the Entrepreneur cannot do that either.
    expect(
      (await entrepreneur.patch(`/api/opportunities/${String(ordinary.id)}`, { fund_id: fund.id }))
        .statusCode,
    ).toBe(403);
    const ids = json<Page>(await entrepreneur.get('/api/opportunities?page[size]=100')).data.map(
      (item) => item.id,
    );
    expect(ids).toContain(ordinary.id);
    expect(ids).not.toContain(fundOpportunity.id);
    const all = json<Page>(await admin.get(`/api/opportunities?filter[fund]=${fund.id}`));
    expect(all.meta.total).toBe(1);
  });

  it.each([
    ['Custodian', ROLES.CUSTODIAN],
    ['Creator', ROLES.CREATOR],
  ] as const)(
    'lets the %s read and update fund opportunities, never create one or touch a fund',
    async (_, role) => {
      const fund = await newFund();
      const made = data(await admin.post('/api/opportunities', draft({ fund_id: fund.id })));
      const agent = await staff(role);
      const id = String(made.id);
      const ids = json<Page>(await agent.get(`/api/opportunities?filter[fund]=${fund.id}`)).data.map(
        (item) => item.id,
      );
      expect(ids).toEqual([made.id]);
      expect((await agent.get(`/api/opportunities/${id}`)).statusCode).toBe(200);
      const changed = await agent.patch(`/api/opportunities/${id}`, { summary: `Changed by ${role}` });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await agent.post('/api/opportunities', draft({ fund_id: fund.id }))).statusCode).toBe(403);
      expect((await agent.delete(`/api/opportunities/${id}`)).statusCode).toBe(403);
      // The fund itself, its calls, distributions and NAVs are the funds resource: not theirs.
      expect((await agent.get('/api/funds')).statusCode).toBe(403);
      expect((await agent.get(`/api/funds/${fund.id}`)).statusCode).toBe(403);
      expect((await agent.get(`/api/funds/${fund.id}/kpis`)).statusCode).toBe(403);
      const call = await agent.post(`/api/funds/${fund.id}/capital-calls`, {
        percent: '25.00',
        due_date: '2031-01-31',
      });
      expect(call.statusCode).toBe(403);
    },
  );

  it('exports only what the role may list: no fund opportunity in an Entrepreneur’s file', async () => {
    const fund = await newFund();
    const fundOpportunity = data(await admin.post('/api/opportunities', draft({ fund_id: fund.id })));
    const ordinary = data(await admin.post('/api/opportunities', draft()));
    const file = (agent: Agent) =>
      agent.get('/api/opportunities/export?format=csv&columns=name').then((response) => response.body);
    const entrepreneur = await staff(ROLES.ENTREPRENEUR);
    expect(await file(entrepreneur)).toContain(String(ordinary.name));
    expect(await file(entrepreneur)).not.toContain(String(fundOpportunity.name));
    expect(await file(admin)).toContain(String(fundOpportunity.name));
  });

  it('lets a Fund Manager not delete a fund opportunity (no delete on funds_opportunity)', async () => {
    const fund = await newFund();
    const manager = await staff(ROLES.FUND_MANAGER);
    const ordinary = data(await manager.post('/api/opportunities', draft()));
    expect((await manager.delete(`/api/opportunities/${String(ordinary.id)}`)).statusCode).toBe(204);
    const made = data(await manager.post('/api/opportunities', draft({ fund_id: fund.id })));
    expect((await manager.delete(`/api/opportunities/${String(made.id)}`)).statusCode).toBe(403);
    expect((await admin.delete(`/api/opportunities/${String(made.id)}`)).statusCode).toBe(204);
  });
});

describe('staff and the funds feature', () => {
  it('with the feature off: not listed, exported or found, 404 on show and update, back when on', async () => {
    const fund = await newFund();
    const opportunity = data(
      await admin.post('/api/opportunities', draft({ fund_id: fund.id, name: 'Quokka fund raise' })),
    );
    const ordinary = data(await admin.post('/api/opportunities', draft({ name: 'Quokka direct raise' })));
    const path = `/api/opportunities/${String(opportunity.id)}`;
    const seen = async () => ({
      list: json<Page>(await admin.get('/api/opportunities?filter[search]=Quokka')).data.map(
        (item) => item.id,
      ),
      file: (await admin.get('/api/opportunities/export?format=csv&columns=name&filter[search]=Quokka')).body,
      search: json<{ data: Row[] }>(await admin.get('/api/search?q=Quokka')).data.map((item) => item.id),
    });
    await switchFunds(false);
    try {
      const off = await seen();
      expect(off.list).toEqual([ordinary.id]);
      expect(off.file).toContain('Quokka direct raise');
      expect(off.file).not.toContain('Quokka fund raise');
      expect(off.search).toEqual([ordinary.id]);
      expect((await admin.get(path)).statusCode).toBe(404);
      expect((await admin.patch(path, { summary: 'While off' })).statusCode).toBe(404);
    } finally {
      await switchFunds(true);
    }
    const on = await seen();
    expect(on.list).toEqual(expect.arrayContaining([ordinary.id, opportunity.id]));
    expect(on.file).toContain('Quokka fund raise');
    expect(on.search).toEqual(expect.arrayContaining([opportunity.id]));
    expect((await admin.get(path)).statusCode).toBe(200);
  });
});

describe('investors and the funds feature', () => {
  it('with the feature off: not listed, 404 on show, an investment refused (422 on opportunity_id)', async () => {
    const fund = await newFund();
    const opportunity = await liveOpportunity(fund.id);
    const ordinary = await liveOpportunity(null);
    const investor = await t.as(await readyInvestor(t.ctx.db, t.ctx.clock));
    await switchFunds(false);
    try {
      const ids = json<Page>(await investor.get('/api/opportunities?page[size]=100')).data.map(
        (item) => item.id,
      );
      expect(ids).toContain(ordinary.id);
      expect(ids).not.toContain(opportunity.id);
      expect((await investor.get(`/api/opportunities/${opportunity.id}`)).statusCode).toBe(404);
      expect((await investor.get(`/api/profile/investing/${opportunity.id}`)).statusCode).toBe(404);
      const refused = await investIn(investor, opportunity);
      expect(refused.statusCode).toBe(422);
      const open = await investIn(investor, ordinary);
      const notOpen = errorsOf(refused).opportunity_id;
      expect(notOpen).toHaveLength(1);
      expect(open.statusCode, open.body).toBe(201);
      // The same answer as any opportunity not open to them.
      const hidden = await createOpportunity(t.ctx.db, { status: 1 });
      expect(errorsOf(await investIn(investor, hidden)).opportunity_id).toEqual(notOpen);
      const rows = await t.ctx.db
        .select()
        .from(investments)
        .where(eq(investments.opportunity_id, opportunity.id));
      expect(rows).toHaveLength(0);
      // Nor do staff: nothing of a fund shows while the feature is off.
      expect((await admin.get(`/api/opportunities/${opportunity.id}`)).statusCode).toBe(404);
    } finally {
      await switchFunds(true);
    }
  });

  it('with the feature on: listed, shown with its fund, and an investor commits (201)', async () => {
    const fund = await newFund({ name: 'Listed Fund' });
    const opportunity = await liveOpportunity(fund.id);
    const investor = await t.as(await readyInvestor(t.ctx.db, t.ctx.clock));
    const list = json<Page>(await investor.get(`/api/opportunities?filter[fund]=${fund.id}`));
    expect(list.data.map((item) => item.id)).toEqual([opportunity.id]);
    const shown = await investor.get(`/api/opportunities/${opportunity.id}`);
    expect(shown.statusCode).toBe(200);
    expect(data(shown)).toMatchObject({ fund_id: fund.id, fund_name: 'Listed Fund' });
    const created = await investIn(investor, opportunity);
    expect(created.statusCode, created.body).toBe(201);
    expect(data(created)).toMatchObject({ opportunity_id: opportunity.id, amount: '2000.00' });
    const committed = data(await admin.get(`/api/opportunities/${opportunity.id}`));
    expect(committed.committed_amount).toBe('2000.00');
  });
});

import { ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdingTransactions, investments, type UserRow } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

/*
 * Fund holdings in the investor's portfolio (issue 20): GET /api/portfolio's `kind: "fund"` rows and totals,
 * the investor's fund page and capital account statement, and what a fund commitment owes on the
 * investments page. The money moves through the staff API, as the fund's own tests move it.
 */

let t: TestApp;
let admin: Agent;

const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T>(response: { body: string }) => json<{ data: T }>(response).data;
const today = () => t.ctx.clock.today();
const day = (offset: number) => {
  const base = new Date(`${today()}T12:00:00Z`);
  return new Date(base.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
};

type Holding = Record<string, unknown> & { kind: 'direct' | 'fund' };
type Portfolio = {
  holdings: Holding[];
  totals: Record<string, string | null>;
  totals_by_currency: Array<Record<string, string | null>>;
};
type Measures = Record<string, string | null> & { investment_id?: number };
type Detail = {
  fund: Record<string, unknown>;
  holding: Holding;
  measures: Measures;
  commitments: Array<Record<string, unknown>>;
  capital_calls: Array<Record<string, unknown>>;
  payments: Array<{ date: string; amount: string }>;
  movements: Array<Record<string, unknown>>;
  navs: Array<{ date: string; nav: string }>;
  companies: Array<Record<string, unknown>>;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  const on = await admin.patch('/api/features', { enableFunds: true });
  if (on.statusCode !== 200) throw new Error(on.body);
});
afterAll(() => t.close());

/** A fund raising through one live opportunity, and a commitment of each amount by each investor. */
async function fundWith(commitments: Array<[UserRow, string]>, name = 'Northern Ventures Fund') {
  const created = await admin.post('/api/funds', { name, currency: 'GBP', target_size: '1000000' });
  if (created.statusCode !== 201) throw new Error(created.body);
  const fundId = data<{ id: number }>(created).id;
  const opportunity = await createOpportunity(t.ctx.db, {
    status: 2,
    fund_id: fundId,
    share_price: null,
    name: `${name} raise`,
    maximum_amount: '1000000.00',
    target_amount: '500000.00',
  });
  const rows = [];
  for (const [index, [investor, amount]] of commitments.entries()) {
    const [row] = await t.ctx.db
      .insert(investments)
      .values({
        opportunity_id: opportunity.id,
        user_id: investor.id,
        amount,
        payment_reference: `NVF-${fundId}-${index + 1}`,
      })
      .returning();
    if (!row) throw new Error('no commitment');
    rows.push(row);
  }
  return { fundId, opportunity, commitments: rows };
}

async function ok(response: Promise<{ statusCode: number; body: string }>, status = 201) {
  const answer = await response;
  if (answer.statusCode !== status) throw new Error(`${answer.statusCode}: ${answer.body}`);
  return answer;
}

describe('fund holdings', () => {
  let ivy: UserRow;
  let otto: UserRow;
  let ivyAgent: Agent;
  let fundId: number;
  let ivyCommitment: number;

  /*
   * Ivy commits £10,000 and Otto £30,000. 50% is called (Ivy £5,000, Otto £15,000), both pay 400 days ago;
   * £2,000 of capital comes back 100 days ago (Ivy £500), a £400 fee is charged (Ivy £100), and the NAV is
   * £24,000 ten days ago (Ivy's share by paid-in: a quarter, £6,000).
   * → Ivy: paid-in 5,000, distributed 500, value 6,000, TVPI (500 + 6,000) ÷ 5,000 = 1.30, DPI 0.10;
   *   unrealised 6,000 − (5,000 − 500) = 1,500. With her direct holding (£500 at cost) the totals are
   *   invested 5,500, value 6,500, realised 500, unrealised 1,500, MOIC 7,000 ÷ 5,500 = 1.27.
   */
  beforeAll(async () => {
    ivy = await createUser(t.ctx.db, { name: 'Ivy Investor' });
    otto = await createUser(t.ctx.db, { name: 'Otto Other' });
    ivyAgent = await t.as(ivy);
    const made = await fundWith([
      [ivy, '10000.00'],
      [otto, '30000.00'],
    ]);
    fundId = made.fundId;
    const [mine, theirs] = made.commitments;
    if (!mine || !theirs) throw new Error('no commitments');
    ivyCommitment = mine.id;
    await ok(admin.post(`/api/funds/${fundId}/capital-calls`, { percent: '50', due_date: day(14) }));
    await ok(
      admin.post(`/api/investments/${mine.id}/payments`, { amount: '5000.00', received_on: day(-400) }),
    );
    await ok(
      admin.post(`/api/investments/${theirs.id}/payments`, { amount: '15000.00', received_on: day(-400) }),
    );
    await ok(
      admin.post(`/api/funds/${fundId}/distributions`, {
        amount: '2000.00',
        date: day(-100),
        kind: 'return_of_capital',
      }),
    );
    await ok(
      admin.post(`/api/funds/${fundId}/fees`, { amount: '400.00', date: day(-50), kind: 'management_fee' }),
    );
    await ok(admin.post(`/api/funds/${fundId}/navs`, { date: day(-10), nav: '24000.00' }));
    // one of the fund's portfolio companies: £1,000 in, valued at £2,500
    const kestrel = data<{ id: number }>(
      await ok(admin.post('/api/fund-companies', { fund_id: fundId, name: 'Kestrel Robotics' }), 201),
    );
    await ok(
      admin.post(`/api/fund-companies/${kestrel.id}/transactions`, {
        kind: 'investment',
        amount: '1000.00',
        date: day(-300),
      }),
      201,
    );
    await ok(
      admin.post(`/api/fund-companies/${kestrel.id}/transactions`, {
        kind: 'valuation',
        valuation: '2500.00',
        date: day(-20),
      }),
      201,
    );
    // a direct holding beside the fund: 250 shares at the round's £2.00
    const company = await createOpportunity(t.ctx.db, { status: 6, share_price: '2.000000' });
    await t.ctx.db.insert(holdingTransactions).values({
      user_id: ivy.id,
      opportunity_id: company.id,
      kind: 'allotment',
      occurred_on: day(-200),
      shares: '250',
      amount: '500.00',
      price: '2.00',
    });
  });

  it('lists the fund beside the direct holding, with the figures of the fund measures, in the totals', async () => {
    const portfolio = data<Portfolio>(await ok(ivyAgent.get('/api/portfolio'), 200));
    expect(portfolio.holdings.map((holding) => holding.kind)).toEqual(['direct', 'fund']);
    const fund = portfolio.holdings[1];
    expect(fund).toMatchObject({
      kind: 'fund',
      fund_id: fundId,
      name: 'Northern Ventures Fund',
      currency: 'GBP',
      first_invested_on: day(-400),
      committed: '10000.00',
      called: '5000.00',
      uncalled: '5000.00',
      paid_in: '5000.00',
      distributed: '500.00',
      value: '6000.00',
      tvpi: '1.30',
      dpi: '0.10',
      nav_on: day(-10),
      invested: '5000.00',
      realised: '500.00',
      unrealised: '1500.00',
      moic: '1.30',
      return_basis: 'annualised',
    });
    // exactly what the fund's own measures say of Ivy's commitment
    const kpis = data<{ commitments: Measures[] }>(await ok(admin.get(`/api/funds/${fundId}/kpis`), 200));
    const hers = kpis.commitments.find((row) => row.investment_id === ivyCommitment);
    expect(hers).toBeDefined();
    for (const key of ['committed', 'called', 'uncalled', 'distributed', 'value', 'tvpi', 'dpi'] as const)
      expect(fund?.[key], key).toBe(hers?.[key]);
    expect(fund?.xirr).toBe(hers?.irr);
    expect(fund?.xirr).not.toBeNull();
    expect(fund?.return_rate).toBe(fund?.xirr);

    expect(portfolio.totals).toMatchObject({
      currency: 'GBP',
      invested: '5500.00',
      value: '6500.00',
      realised: '500.00',
      unrealised: '1500.00',
      moic: '1.27',
    });
    expect(portfolio.totals_by_currency).toHaveLength(1);
    expect(portfolio.totals_by_currency[0]).toMatchObject({ currency: 'GBP', invested: '5500.00' });
  });

  it('shows the investor their own commitments, calls, distributions, fees and the NAVs', async () => {
    const detail = data<Detail>(await ok(ivyAgent.get(`/api/portfolio/funds/${fundId}`), 200));
    expect(detail.fund).toMatchObject({ id: fundId, name: 'Northern Ventures Fund', currency: 'GBP' });
    expect(detail.measures).toMatchObject({
      committed: '10000.00',
      paid_in: '5000.00',
      distributed: '500.00',
      fees: '100.00',
      value: '6000.00',
    });
    expect(detail.holding).toMatchObject({ kind: 'fund', tvpi: '1.30' });
    expect(detail.commitments).toEqual([
      expect.objectContaining({
        investment_id: ivyCommitment,
        amount: '10000.00',
        called: '5000.00',
        paid: '5000.00',
        status: 'awaiting_payment',
        payment_reference: `NVF-${fundId}-1`,
      }),
    ]);
    expect(detail.capital_calls).toEqual([
      expect.objectContaining({ date: today(), due_date: day(14), amount: '5000.00', paid: '5000.00' }),
    ]);
    expect(detail.payments).toEqual([{ date: day(-400), amount: '5000.00' }]);
    expect(detail.movements.map((row) => [row.type, row.kind, row.label, row.date, row.amount])).toEqual([
      ['fee', 'management_fee', 'Management fee', day(-50), '100.00'],
      ['distribution', 'return_of_capital', 'Return of capital', day(-100), '500.00'],
    ]);
    expect(detail.navs).toEqual([{ date: day(-10), nav: '24000.00' }]);
    // the fund's portfolio companies, with the fund's figures
    expect(detail.companies).toEqual([
      expect.objectContaining({
        name: 'Kestrel Robotics',
        status: 'active',
        // a new company is active from the day it is added
        status_on: day(0),
        cost: '1000.00',
        realised: '0.00',
        valuation: '2500.00',
        multiple: '2.50',
      }),
    ]);

    // Otto sees his part of the same fund only
    const his = data<Detail>(await ok((await t.as(otto)).get(`/api/portfolio/funds/${fundId}`), 200));
    expect(his.commitments.map((row) => row.amount)).toEqual(['30000.00']);
    expect(his.capital_calls.map((row) => row.amount)).toEqual(['15000.00']);
    expect(his.measures.value).toBe('18000.00');
  });

  it('answers the capital account statement as a PDF', async () => {
    const response = await ivyAgent.get(`/api/portfolio/funds/${fundId}/statement.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('Northern Ventures Fund capital account');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.length).toBeGreaterThan(1000);
  });

  it('is a 404 for an investor without a commitment, for an unknown fund, and without funds', async () => {
    const stranger = await t.as(await createUser(t.ctx.db));
    expect((await stranger.get(`/api/portfolio/funds/${fundId}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/portfolio/funds/${fundId}/statement.pdf`)).statusCode).toBe(404);
    expect(data<Portfolio>(await stranger.get('/api/portfolio')).holdings).toEqual([]);
    expect((await ivyAgent.get('/api/portfolio/funds/999999')).statusCode).toBe(404);
    expect((await admin.get(`/api/portfolio/funds/${fundId}`)).statusCode).toBe(403);

    await ok(admin.patch('/api/features', { enableFunds: false }), 200);
    try {
      const portfolio = data<Portfolio>(await ok(ivyAgent.get('/api/portfolio'), 200));
      expect(portfolio.holdings.map((holding) => holding.kind)).toEqual(['direct']);
      expect(portfolio.totals).toMatchObject({ invested: '500.00', value: '500.00', realised: '0.00' });
      expect((await ivyAgent.get(`/api/portfolio/funds/${fundId}`)).statusCode).toBe(404);
      expect((await ivyAgent.get(`/api/portfolio/funds/${fundId}/statement.pdf`)).statusCode).toBe(404);
    } finally {
      await ok(admin.patch('/api/features', { enableFunds: true }), 200);
    }
  });
});

describe('a fund commitment on the investments page', () => {
  it('owes what has been called less what was paid, by the open call’s due date', async () => {
    const ann = await createUser(t.ctx.db, { name: 'Ann Angel' });
    const agent = await t.as(ann);
    const { fundId, commitments } = await fundWith([[ann, '1000.00']], 'Southern Seed Fund');
    const id = commitments[0]?.id;
    await ok(
      admin.post(`/api/funds/${fundId}/capital-calls`, {
        percent: '30',
        due_date: day(14),
        message: 'First close.',
      }),
    );
    await ok(admin.post(`/api/investments/${id}/payments`, { amount: '100.00', received_on: today() }));
    await ok(admin.post(`/api/funds/${fundId}/capital-calls`, { percent: '20', due_date: day(30) }));

    type Mine = { id: number; amount: string; called_amount?: string; paid_amount: string };
    const list = data<Array<Mine & { cash_call: unknown }>>(
      await ok(agent.get('/api/profile/investments'), 200),
    );
    expect(list.find((row) => row.id === id)).toMatchObject({
      amount: '1000.00',
      called_amount: '500.00',
      paid_amount: '100.00',
      status: 'awaiting_payment',
      // the first call is still open: its due date and message
      cash_call: { due_date: day(14), message: 'First close.' },
    });
    const overview = data<{ cash_calls: Array<{ investment_id: number; outstanding: string }> }>(
      await ok(agent.get('/api/profile/overview'), 200),
    );
    expect(overview.cash_calls.find((call) => call.investment_id === id)?.outstanding).toBe('400.00');

    // once the first call is paid, the second one's date is the one due
    await ok(admin.post(`/api/investments/${id}/payments`, { amount: '250.00', received_on: today() }));
    const after = data<Array<Mine & { cash_call: unknown }>>(await agent.get('/api/profile/investments'));
    expect(after.find((row) => row.id === id)?.cash_call).toEqual({ due_date: day(30), message: null });
  });
});

import { ROLES, xirr } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdingTransactions, investments, sharePrices, type UserRow } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

/*
 * GET /api/portfolio/returns (issue 20): the portfolio's figures over a date range, over a direct holding and a
 * fund holding; and GET /api/portfolio/history with the fund's points. The fund's money moves through the staff
 * API, as the fund's own tests move it.
 *
 * Ivy (and Otto beside her, whose money must never show in hers):
 * - direct: 250 shares allotted at £2.00 (£500) 300 days ago; a £3.00 price 60 days ago; a £50 dividend 30
 *   days ago. Otto holds 1,000 shares of the same company.
 * - fund: Ivy commits £10,000, Otto £30,000. A 50% call: both pay 400 days ago (Ivy £5,000, Otto £15,000);
 *   NAV £20,000 300 days ago. A 10% call: both pay 150 days ago (Ivy £1,000, Otto £3,000). £2,000 of capital
 *   returned 100 days ago (by paid-in: Ivy 6,000 of 24,000, £500); a £400 fee 50 days ago (Ivy £100); NAV
 *   £24,000 40 days ago (Ivy's quarter: £6,000).
 *
 * The range from 250 days ago to 20 days ago:
 *   opening (end of day −251) = direct 250 × 2.00 = 500 + fund 20,000 × 5,000 ÷ 20,000 = 5,000 → 5,500.00
 *   paid in = the 10% call, 1,000.00; received = dividend 50 + distribution 500 = 550.00; fees 100.00
 *   closing (day −20) = direct 250 × 3.00 = 750 + fund 24,000 ÷ 4 = 6,000 → 6,750.00
 *   gain = 6,750 + 550 − 5,500 − 1,000 = 800.00; base 6,500: TVPI = 7,300 ÷ 6,500 = 1.12, DPI = 550 ÷ 6,500
 *   = 0.08, RVPI = 6,750 ÷ 6,500 = 1.04; 230 days: the return is cumulative, 800 ÷ 6,500 = 0.123077.
 */

let t: TestApp;
let admin: Agent;
let ivy: UserRow;
let otto: UserRow;
let ivyAgent: Agent;
let ottoAgent: Agent;

type Errors = { message: string; errors: Record<string, string[]> };
type Figures = Record<string, string | null>;
type Returns = { from: string; to: string; totals: Figures | null; totals_by_currency: Figures[] };
type Point = { date: string; invested: string; value: string };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T>(response: { body: string }) => json<{ data: T }>(response).data;
const today = () => t.ctx.clock.today();
const day = (offset: number) => {
  const base = new Date(`${today()}T12:00:00Z`);
  return new Date(base.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
};

async function ok(response: Promise<{ statusCode: number; body: string }>, status = 201) {
  const answer = await response;
  if (answer.statusCode !== status) throw new Error(`${answer.statusCode}: ${answer.body}`);
  return answer;
}

const returns = async (agent: Agent, query = '') =>
  data<Returns>(await ok(agent.get(`/api/portfolio/returns${query}`), 200));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  await ok(admin.patch('/api/features', { enableFunds: true }), 200);
  ivy = await createUser(t.ctx.db, { name: 'Ivy Investor' });
  otto = await createUser(t.ctx.db, { name: 'Otto Other' });
  ivyAgent = await t.as(ivy);
  ottoAgent = await t.as(otto);

  const created = await ok(
    admin.post('/api/funds', { name: 'Range Fund', currency: 'GBP', target_size: '1000000' }),
  );
  const fundId = data<{ id: number }>(created).id;
  const raise = await createOpportunity(t.ctx.db, {
    status: 2,
    fund_id: fundId,
    share_price: null,
    name: 'Range Fund raise',
    maximum_amount: '1000000.00',
    target_amount: '500000.00',
  });
  const [mine, theirs] = await t.ctx.db
    .insert(investments)
    .values([
      { opportunity_id: raise.id, user_id: ivy.id, amount: '10000.00', payment_reference: 'RF-1' },
      { opportunity_id: raise.id, user_id: otto.id, amount: '30000.00', payment_reference: 'RF-2' },
    ])
    .returning();
  if (!mine || !theirs) throw new Error('no commitments');
  await ok(admin.post(`/api/funds/${fundId}/capital-calls`, { percent: '50', due_date: day(14) }));
  await ok(admin.post(`/api/investments/${mine.id}/payments`, { amount: '5000.00', received_on: day(-400) }));
  await ok(
    admin.post(`/api/investments/${theirs.id}/payments`, { amount: '15000.00', received_on: day(-400) }),
  );
  await ok(admin.post(`/api/funds/${fundId}/navs`, { date: day(-300), nav: '20000.00' }));
  await ok(admin.post(`/api/funds/${fundId}/capital-calls`, { percent: '10', due_date: day(14) }));
  await ok(admin.post(`/api/investments/${mine.id}/payments`, { amount: '1000.00', received_on: day(-150) }));
  await ok(
    admin.post(`/api/investments/${theirs.id}/payments`, { amount: '3000.00', received_on: day(-150) }),
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
  await ok(admin.post(`/api/funds/${fundId}/navs`, { date: day(-40), nav: '24000.00' }));

  const company = await createOpportunity(t.ctx.db, { status: 6, share_price: '2.000000' });
  await t.ctx.db.insert(holdingTransactions).values([
    {
      user_id: ivy.id,
      opportunity_id: company.id,
      kind: 'allotment',
      occurred_on: day(-300),
      shares: '250',
      amount: '500.00',
      price: '2.00',
    },
    {
      user_id: ivy.id,
      opportunity_id: company.id,
      kind: 'dividend',
      occurred_on: day(-30),
      amount: '50.00',
    },
    {
      user_id: otto.id,
      opportunity_id: company.id,
      kind: 'allotment',
      occurred_on: day(-500),
      shares: '1000',
      amount: '2000.00',
      price: '2.00',
    },
    {
      user_id: otto.id,
      opportunity_id: company.id,
      kind: 'dividend',
      occurred_on: day(-30),
      amount: '200.00',
    },
  ]);
  await t.ctx.db
    .insert(sharePrices)
    .values({ opportunity_id: company.id, effective_on: day(-60), price: '3.000000', kind: 'valuation' });
});
afterAll(() => t.close());

describe('GET /api/portfolio/returns', () => {
  it('answers a mid range by hand, over the direct and the fund holding', async () => {
    const answer = await returns(ivyAgent, `?from=${day(-250)}&to=${day(-20)}`);
    expect(answer).toMatchObject({ from: day(-250), to: day(-20) });
    expect(answer.totals_by_currency).toHaveLength(1);
    expect(answer.totals).toEqual(answer.totals_by_currency[0]);
    expect(answer.totals).toMatchObject({
      currency: 'GBP',
      opening: '5500.00',
      paid_in: '1000.00',
      received: '550.00',
      fees: '100.00',
      closing: '6750.00',
      gain: '800.00',
      moic: '1.12',
      tvpi: '1.12',
      dpi: '0.08',
      rvpi: '1.04',
      return_rate: '0.123077',
      return_basis: 'cumulative',
    });
    expect(answer.totals?.xirr).toBe(
      xirr([
        // the opening: the value at the end of the day before the range
        { date: day(-251), amount: '-5500.00' },
        { date: day(-150), amount: '-1000.00' },
        { date: day(-100), amount: '500.00' },
        { date: day(-30), amount: '50.00' },
        { date: day(-20), amount: '6750.00' },
      ]),
    );
    expect(answer.totals?.xirr).not.toBeNull();
  });

  it('opens a range where the one before it closed', async () => {
    const next = await returns(ivyAgent, `?from=${day(-19)}`);
    expect(next).toMatchObject({ from: day(-19), to: today() });
    expect(next.totals).toMatchObject({
      opening: '6750.00',
      paid_in: '0.00',
      received: '0.00',
      gain: '0.00',
    });
  });

  it('from the first money in to today, equals the portfolio’s totals', async () => {
    const portfolio = data<{ totals: Record<string, string | null> }>(
      await ok(ivyAgent.get('/api/portfolio'), 200),
    );
    const answer = await returns(ivyAgent);
    expect(answer).toMatchObject({ from: day(-400), to: today() });
    expect(answer.totals).toMatchObject({
      opening: '0.00',
      paid_in: portfolio.totals.invested,
      received: portfolio.totals.realised,
      closing: portfolio.totals.value,
      moic: portfolio.totals.moic,
      tvpi: portfolio.totals.moic,
      xirr: portfolio.totals.xirr,
      return_rate: portfolio.totals.return_rate,
      return_basis: portfolio.totals.return_basis,
      fees: '100.00',
    });
    // and those are the hand-worked ones: 500 + 6,000 in, 50 + 500 back, 750 + 6,000 held
    expect(portfolio.totals).toMatchObject({ invested: '6500.00', realised: '550.00', value: '6750.00' });
    expect(await returns(ivyAgent, `?from=${day(-400)}&to=${today()}`)).toEqual(answer);
  });

  it('never counts another investor’s money', async () => {
    // Otto: 1,000 shares (2,000 at 2.00, then 3,000 at 3.00) and three quarters of the fund
    const answer = await returns(ottoAgent, `?from=${day(-250)}&to=${day(-20)}`);
    expect(answer.totals).toMatchObject({
      opening: '17000.00',
      paid_in: '3000.00',
      received: '1700.00',
      fees: '300.00',
      closing: '21000.00',
    });
    // someone who holds nothing has nothing, from today to today
    const none = await returns(await t.as(await createUser(t.ctx.db)));
    expect(none).toEqual({ from: today(), to: today(), totals: null, totals_by_currency: [] });
  });

  it('refuses a date that is not one, from after to, and to in the future (422)', async () => {
    const bad = await ivyAgent.get('/api/portfolio/returns?from=2024-02-30');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(bad).errors)).toEqual(['from']);
    const backwards = await ivyAgent.get(`/api/portfolio/returns?from=${day(-10)}&to=${day(-20)}`);
    expect(backwards.statusCode).toBe(422);
    expect(json<Errors>(backwards).errors.from?.[0]).toMatch(/before or equal to to/);
    const future = await ivyAgent.get(`/api/portfolio/returns?to=${day(1)}`);
    expect(future.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(future).errors)).toEqual(['to']);
    expect((await admin.get('/api/portfolio/returns')).statusCode).toBe(403);
  });
});

describe('GET /api/portfolio/history with fund holdings', () => {
  it('adds the fund’s paid-in and value, a point at its payments, distributions, fees and NAVs', async () => {
    const history = data<{ points: Point[] | null; series_by_currency: Array<{ currency: string }> }>(
      await ok(ivyAgent.get('/api/portfolio/history'), 200),
    );
    expect(history.series_by_currency.map((series) => series.currency)).toEqual(['GBP']);
    const at = (date: string) => history.points?.find((point) => point.date === date);
    // the first payment, at cost before any NAV
    expect(history.points?.[0]).toEqual({ date: day(-400), invested: '5000.00', value: '5000.00' });
    // the first NAV, the day of the allotment too
    expect(at(day(-300))).toEqual({ date: day(-300), invested: '5500.00', value: '5500.00' });
    // the distribution: the NAV split by 6,000 of 24,000 paid in, beside the direct holding at 2.00
    expect(at(day(-100))).toEqual({ date: day(-100), invested: '6500.00', value: '5500.00' });
    expect(at(day(-40))).toEqual({ date: day(-40), invested: '6500.00', value: '6750.00' });
    expect(history.points?.at(-1)).toEqual({ date: today(), invested: '6500.00', value: '6750.00' });
  });
});

describe('with the funds feature off', () => {
  it('counts the direct holding alone', async () => {
    await ok(admin.patch('/api/features', { enableFunds: false }), 200);
    const answer = await returns(ivyAgent);
    expect(answer).toMatchObject({ from: day(-300) });
    expect(answer.totals).toMatchObject({
      opening: '0.00',
      paid_in: '500.00',
      received: '50.00',
      fees: '0.00',
      closing: '750.00',
    });
    const history = data<{ points: Point[] }>(await ok(ivyAgent.get('/api/portfolio/history'), 200));
    expect(history.points[0]).toEqual({ date: day(-300), invested: '500.00', value: '500.00' });
  });
});

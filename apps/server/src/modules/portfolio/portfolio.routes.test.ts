import { ROLES, xirr } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdingTransactions, sharePrices, type OpportunityRow, type UserRow } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

let t: TestApp;
let investor: UserRow;
let other: UserRow;
let investorAgent: Agent;
let otherAgent: Agent;
let completed: OpportunityRow;
let matured: OpportunityRow;
let live: OpportunityRow;

type Errors = { message: string; errors: Record<string, string[]> };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;

type Holding = Record<string, unknown> & { opportunity_id: number };
type Portfolio = { holdings: Holding[]; totals: Record<string, unknown> };

async function transaction(values: typeof holdingTransactions.$inferInsert) {
  await t.ctx.db.insert(holdingTransactions).values(values);
}

const today = () => t.ctx.clock.today();

/*
 * The worked example. Completed opportunity (round price 1.00):
 *   2023-01-01 allotment 1,000 shares for £1,000.00
 *   2024-01-01 follow-on   500 shares for £1,000.00 (at 2.00)
 *   2024-07-01 exit        300 shares for   £750.00 (at 2.50)
 *   2025-01-01 dividend                      £50.00
 *   prices: 2023-01-01 1.00 (round), 2024-06-30 2.50, 2025-06-30 3.00 (latest)
 * → invested 2,000.00; shares 1,200; value 3,600.00; realised 800.00;
 *   cost of the 1,200 held = 2,000 × 1,200 ÷ 1,500 = 1,600.00 → unrealised 2,000.00; MOIC 4,400 ÷ 2,000 = 2.20.
 * Matured opportunity (round price 2.00, no price history): 2024-03-01 allotment 250 shares for £500.00
 * → value 500.00, realised 0.00, unrealised 0.00, MOIC 1.00.
 * Totals: invested 2,500.00, value 4,100.00, realised 800.00, unrealised 2,000.00, MOIC 4,900 ÷ 2,500 = 1.96.
 */
beforeAll(async () => {
  t = await createTestApp();
  investor = await createUser(t.ctx.db, { name: 'Ivy Investor' });
  other = await createUser(t.ctx.db, { name: 'Otto Other' });
  investorAgent = await t.as(investor);
  otherAgent = await t.as(other);
  completed = await createOpportunity(t.ctx.db, {
    status: 5,
    share_price: '1.000000',
    name: 'Acme Robotics',
  });
  matured = await createOpportunity(t.ctx.db, { status: 6, share_price: '2.000000', name: 'Birch Bakeries' });
  live = await createOpportunity(t.ctx.db, { status: 3 });
  const mine = { user_id: investor.id };
  await transaction({
    ...mine,
    opportunity_id: completed.id,
    kind: 'allotment',
    occurred_on: '2023-01-01',
    shares: '1000',
    amount: '1000.00',
    price: '1.00',
  });
  await transaction({
    ...mine,
    opportunity_id: completed.id,
    kind: 'follow_on',
    occurred_on: '2024-01-01',
    shares: '500',
    amount: '1000.00',
    price: '2.00',
  });
  await transaction({
    ...mine,
    opportunity_id: completed.id,
    kind: 'exit',
    occurred_on: '2024-07-01',
    shares: '300',
    amount: '750.00',
    price: '2.50',
  });
  await transaction({
    ...mine,
    opportunity_id: completed.id,
    kind: 'dividend',
    occurred_on: '2025-01-01',
    amount: '50.00',
  });
  await transaction({
    ...mine,
    opportunity_id: matured.id,
    kind: 'allotment',
    occurred_on: '2024-03-01',
    shares: '250',
    amount: '500.00',
    price: '2.00',
  });
  // not yet an existing investment: never in a portfolio
  await transaction({
    ...mine,
    opportunity_id: live.id,
    kind: 'allotment',
    occurred_on: '2024-03-01',
    shares: '10',
    amount: '10.00',
  });
  await transaction({
    user_id: other.id,
    opportunity_id: completed.id,
    kind: 'allotment',
    occurred_on: '2023-01-01',
    shares: '4000',
    amount: '4000.00',
  });
  await t.ctx.db.insert(sharePrices).values([
    { opportunity_id: completed.id, effective_on: '2023-01-01', price: '1.00', kind: 'round' },
    { opportunity_id: completed.id, effective_on: '2024-06-30', price: '2.50' },
    { opportunity_id: completed.id, effective_on: '2025-06-30', price: '3.00' },
  ]);
});
afterAll(() => t.close());

describe('GET /api/portfolio', () => {
  it('answers the worked example exactly', async () => {
    const response = await investorAgent.get('/api/portfolio');
    expect(response.statusCode).toBe(200);
    const portfolio = data<Portfolio>(response);
    expect(portfolio.holdings.map((holding) => holding.opportunity_id)).toEqual([completed.id, matured.id]);
    expect(portfolio.holdings[0]).toMatchObject({
      slug: completed.slug,
      name: 'Acme Robotics',
      company_name: completed.company_name,
      status: 5,
      first_invested_on: '2023-01-01',
      invested: '2000.00',
      shares: '1200.000000',
      price: '3.000000',
      price_date: '2025-06-30',
      value: '3600.00',
      realised: '800.00',
      unrealised: '2000.00',
      moic: '2.20',
    });
    expect(portfolio.holdings[1]).toMatchObject({
      status: 6,
      invested: '500.00',
      shares: '250.000000',
      price: '2.000000',
      price_date: null,
      value: '500.00',
      realised: '0.00',
      unrealised: '0.00',
      moic: '1.00',
    });
    expect(portfolio.totals).toMatchObject({
      invested: '2500.00',
      value: '4100.00',
      realised: '800.00',
      unrealised: '2000.00',
      moic: '1.96',
    });
  });

  it('answers XIRR over the dated flows plus today’s value', async () => {
    const portfolio = data<Portfolio>(await investorAgent.get('/api/portfolio'));
    const acme = [
      { date: '2023-01-01', amount: '-1000.00' },
      { date: '2024-01-01', amount: '-1000.00' },
      { date: '2024-07-01', amount: '750.00' },
      { date: '2025-01-01', amount: '50.00' },
    ];
    const birch = [{ date: '2024-03-01', amount: '-500.00' }];
    expect(portfolio.holdings[0]?.xirr).toBe(xirr([...acme, { date: today(), amount: '3600.00' }]));
    expect(portfolio.holdings[1]?.xirr).toBe(xirr([...birch, { date: today(), amount: '500.00' }]));
    expect(portfolio.totals.xirr).toBe(xirr([...acme, ...birch, { date: today(), amount: '4100.00' }]));
    expect(Number(portfolio.holdings[0]?.xirr)).toBeGreaterThan(0);
    // held at cost: no gain
    expect(portfolio.holdings[1]?.xirr).toBe('0.000000');
  });

  it('answers an empty portfolio with null multiples', async () => {
    const nobody = await t.as(await createUser(t.ctx.db));
    expect(data(await nobody.get('/api/portfolio'))).toEqual({
      holdings: [],
      totals: {
        currency: null,
        invested: '0.00',
        value: '0.00',
        realised: '0.00',
        unrealised: '0.00',
        moic: null,
        xirr: null,
        return_rate: null,
        return_basis: 'cumulative',
      },
      totals_by_currency: [],
      // what to show (settings → investor → portfolio): portfolio-settings.routes.test.ts proves it
      layout: { columns: expect.any(Array) as unknown, stats: expect.any(Array) as unknown },
    });
  });

  it('never adds money across currencies: totals per currency, none across them', async () => {
    const traveller = await createUser(t.ctx.db);
    const gbp = await createOpportunity(t.ctx.db, { status: 5, share_price: '1.000000' });
    const eur = await createOpportunity(t.ctx.db, { status: 5, share_price: '1.000000', currency: 'EUR' });
    for (const [opportunity, amount] of [
      [gbp, '1000.00'],
      [eur, '500.00'],
    ] as const)
      await transaction({
        user_id: traveller.id,
        opportunity_id: opportunity.id,
        kind: 'allotment',
        occurred_on: '2024-03-01',
        shares: amount,
        amount,
        price: '1.00',
      });
    const portfolio = data<Portfolio & { totals_by_currency: Record<string, unknown>[] }>(
      await (await t.as(traveller)).get('/api/portfolio'),
    );
    expect(portfolio.totals).toMatchObject({ currency: null, invested: null, value: null, moic: null });
    // in the order the holdings first show each currency (here both on one day: by name)
    const lines = [...portfolio.totals_by_currency].sort((a, b) =>
      String(a.currency).localeCompare(String(b.currency)),
    );
    expect(lines).toMatchObject([
      { currency: 'EUR', invested: '500.00', value: '500.00', moic: '1.00' },
      { currency: 'GBP', invested: '1000.00', value: '1000.00', moic: '1.00' },
    ]);
    // one currency: the totals are that currency's
    expect(data<Portfolio>(await investorAgent.get('/api/portfolio')).totals).toMatchObject({
      currency: 'GBP',
      invested: '2500.00',
    });
  });

  it('never adds money across currencies in the history: a series per currency', async () => {
    type Point = { date: string; invested: string; value: string };
    type History = { points: Point[] | null; series_by_currency: { currency: string; points: Point[] }[] };
    const traveller = await createUser(t.ctx.db);
    const agent = await t.as(traveller);
    // nothing held: no points, no series
    expect(data<History>(await agent.get('/api/portfolio/history'))).toEqual({
      points: [],
      series_by_currency: [],
    });
    const gbp = await createOpportunity(t.ctx.db, { status: 5, share_price: '1.000000' });
    const eur = await createOpportunity(t.ctx.db, { status: 5, share_price: '2.000000', currency: 'EUR' });
    await transaction({
      user_id: traveller.id,
      opportunity_id: gbp.id,
      kind: 'allotment',
      occurred_on: '2024-01-01',
      shares: '1000',
      amount: '1000.00',
      price: '1.00',
    });
    await transaction({
      user_id: traveller.id,
      opportunity_id: eur.id,
      kind: 'allotment',
      occurred_on: '2024-03-01',
      shares: '250',
      amount: '500.00',
      price: '2.00',
    });
    await t.ctx.db.insert(sharePrices).values({
      opportunity_id: eur.id,
      effective_on: '2024-06-30',
      price: '3.000000',
      kind: 'valuation',
    });
    const history = data<History>(await agent.get('/api/portfolio/history'));
    // several currencies: nothing adds up across them
    expect(history.points).toBeNull();
    // in the order the history first shows each currency
    expect(history.series_by_currency).toEqual([
      {
        currency: 'GBP',
        points: [
          { date: '2024-01-01', invested: '1000.00', value: '1000.00' },
          { date: today(), invested: '1000.00', value: '1000.00' },
        ],
      },
      {
        currency: 'EUR',
        points: [
          { date: '2024-03-01', invested: '500.00', value: '500.00' },
          { date: '2024-06-30', invested: '500.00', value: '750.00' },
          { date: today(), invested: '500.00', value: '750.00' },
        ],
      },
    ]);
  });

  it('shows each investor only their own holdings', async () => {
    const portfolio = data<Portfolio>(await otherAgent.get('/api/portfolio'));
    expect(portfolio.holdings).toHaveLength(1);
    expect(portfolio.holdings[0]).toMatchObject({
      opportunity_id: completed.id,
      invested: '4000.00',
      value: '12000.00',
      moic: '3.00',
    });
  });

  it('is for investors only', async () => {
    const admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
    expect((await admin.get('/api/portfolio')).statusCode).toBe(403);
    expect((await t.agent().get('/api/portfolio')).statusCode).toBe(401);
  });
});

describe('GET /api/portfolio/{opportunityId}', () => {
  it('answers the holding with its transactions and price history', async () => {
    const response = await investorAgent.get(`/api/portfolio/${completed.id}`);
    expect(response.statusCode).toBe(200);
    const holding = data<
      Holding & { transactions: Record<string, unknown>[]; prices: unknown[]; public_documents: unknown[] }
    >(response);
    expect(holding).toMatchObject({ value: '3600.00', moic: '2.20', public_documents: [] });
    expect(holding.transactions.map((row) => [row.kind, row.occurred_on, row.shares, row.amount])).toEqual([
      ['allotment', '2023-01-01', '1000.000000', '1000.00'],
      ['follow_on', '2024-01-01', '500.000000', '1000.00'],
      ['exit', '2024-07-01', '300.000000', '750.00'],
      ['dividend', '2025-01-01', null, '50.00'],
    ]);
    // an investor never sees who else holds
    expect(holding.transactions[0]).not.toHaveProperty('investor');
    expect(holding.prices).toEqual([
      { effective_on: '2023-01-01', price: '1.000000', kind: 'round' },
      { effective_on: '2024-06-30', price: '2.500000', kind: 'valuation' },
      { effective_on: '2025-06-30', price: '3.000000', kind: 'valuation' },
    ]);
    expect(
      (holding as unknown as { history: { date: string; invested: string; value: string }[] }).history,
    ).toEqual([
      { date: '2023-01-01', invested: '1000.00', value: '1000.00' },
      { date: '2024-01-01', invested: '2000.00', value: '1500.00' },
      { date: '2024-06-30', invested: '2000.00', value: '3750.00' },
      { date: '2024-07-01', invested: '2000.00', value: '3000.00' },
      { date: '2025-01-01', invested: '2000.00', value: '3000.00' },
      { date: '2025-06-30', invested: '2000.00', value: '3600.00' },
      { date: today(), invested: '2000.00', value: '3600.00' },
    ]);
  });

  it('answers the whole portfolio’s value over time', async () => {
    type Point = { date: string; invested: string; value: string };
    const answer = data<{ points: Point[]; series_by_currency: { currency: string; points: Point[] }[] }>(
      await investorAgent.get('/api/portfolio/history'),
    );
    const history = answer.points;
    // one currency: its series is the portfolio's
    expect(answer.series_by_currency).toEqual([{ currency: 'GBP', points: history }]);
    // the matured holding joins on 2024-03-01 at its round price 2.00
    expect(history.find((point) => point.date === '2024-03-01')).toEqual({
      date: '2024-03-01',
      invested: '2500.00',
      value: '2000.00',
    });
    expect(history.at(-1)).toEqual({ date: today(), invested: '2500.00', value: '4100.00' });
    expect((await otherAgent.get('/api/portfolio/history')).statusCode).toBe(200);
  });

  it('is a 404 for a holding of another investor, a live opportunity, or none', async () => {
    expect((await otherAgent.get(`/api/portfolio/${matured.id}`)).statusCode).toBe(404);
    expect((await investorAgent.get(`/api/portfolio/${live.id}`)).statusCode).toBe(404);
    const missing = await investorAgent.get('/api/portfolio/999999999');
    expect(missing.statusCode).toBe(404);
    expect(json<Errors>(missing).message).toBe('You do not hold this investment.');
  });
});

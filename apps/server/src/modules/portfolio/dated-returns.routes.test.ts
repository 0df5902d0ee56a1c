import { ROLES, xirr } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  holdingTransactions,
  investments,
  sharePrices,
  type InvestmentRow,
  type OpportunityRow,
  type UserRow,
} from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

/*
 * Issue 18, "Dates and returns", end to end through the staff money endpoints and completion:
 * - staff may date the allotment at completion (not in the future, not before the last payment);
 * - completion's preview warns of cancelled investments whose money was not refunded;
 * - the portfolio's flows and history are dated by the payments received, not by completion;
 * - a holding under twelve months (from its first money in) shows its cumulative return.
 */

let t: TestApp;
let admin: Agent;
let ivy: UserRow;
let cal: UserRow;
let ivyAgent: Agent;
let round: OpportunityRow;
let recent: OpportunityRow;
let paid: InvestmentRow;
let cancelled: InvestmentRow;

type Errors = { message: string; errors: Record<string, string[]> };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;

/** The London date `days` from today by the app's clock (negative: in the past). */
function day(days: number) {
  const today = new Date(`${t.ctx.clock.today()}T12:00:00Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

async function called(opportunity: OpportunityRow, user: UserRow, amount: string) {
  const [row] = await t.ctx.db
    .insert(investments)
    .values({
      opportunity_id: opportunity.id,
      user_id: user.id,
      amount,
      status: 'awaiting_payment',
      called_at: new Date(`${day(-400)}T09:00:00Z`),
      invested_on: day(-400),
    })
    .returning();
  if (!row) throw new Error('no investment');
  return row;
}

async function pay(investment: InvestmentRow, amount: string, receivedOn: string) {
  const response = await admin.post(`/api/investments/${investment.id}/payments`, {
    amount,
    received_on: receivedOn,
    reference: `BANK-${investment.id}-${receivedOn}`,
  });
  expect(response.statusCode, response.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  ivy = await createUser(t.ctx.db, { name: 'Ivy Dated' });
  cal = await createUser(t.ctx.db, { name: 'Cal Cancelled' });
  ivyAgent = await t.as(ivy);
  round = await createOpportunity(t.ctx.db, {
    status: 4,
    share_price: '2.000000',
    closing_date: day(-390),
    name: 'Dated Rounds Ltd',
  });
  paid = await called(round, ivy, '1000.00');
  await pay(paid, '600.00', day(-380));
  await pay(paid, '400.00', day(-200));
  cancelled = await called(round, cal, '300.00');
  await pay(cancelled, '300.00', day(-250));
  const cancel = await admin.post(`/api/investments/${cancelled.id}/cancel`, {
    reason: 'Changed their mind',
  });
  expect(cancel.statusCode, cancel.body).toBe(200);

  // a holding allotted 30 days ago, outside any round's payments
  recent = await createOpportunity(t.ctx.db, {
    status: 5,
    share_price: '1.000000',
    name: 'Recent Holdings Ltd',
  });
  await t.ctx.db.insert(holdingTransactions).values({
    opportunity_id: recent.id,
    user_id: ivy.id,
    kind: 'allotment',
    occurred_on: day(-30),
    shares: '100',
    amount: '100.00',
    price: '1.00',
  });
  await t.ctx.db
    .insert(sharePrices)
    .values({ opportunity_id: recent.id, effective_on: day(-5), price: '1.25', kind: 'valuation' });
});
afterAll(() => t.close());

describe('completing a round', () => {
  it('previews the allotment and warns of cancelled investments whose money was not refunded', async () => {
    const response = await admin.get(`/api/opportunities/${round.id}/completion`);
    expect(response.statusCode, response.body).toBe(200);
    expect(data(response)).toEqual({
      currency: 'GBP',
      today: day(0),
      earliest_allotted_on: day(-200),
      paid_count: 1,
      paid_amount: '1000.00',
      unpaid_count: 0,
      unrefunded: [
        {
          investment_id: cancelled.id,
          investor: { id: cal.id, name: 'Cal Cancelled' },
          amount: '300.00',
          received: '300.00',
          cancelled_at: expect.any(String) as string,
        },
      ],
    });
    // investors never see it
    expect((await ivyAgent.get(`/api/opportunities/${round.id}/completion`)).statusCode).toBe(403);
  });

  it('refuses an allotment date in the future or before the last payment (422 on allotted_on)', async () => {
    const transition = (allotted_on: string) =>
      admin.post(`/api/opportunities/${round.id}/transition`, { status: 5, allotted_on });
    const future = await transition(day(1));
    expect(future.statusCode).toBe(422);
    expect(json<Errors>(future).errors.allotted_on).toEqual(['The allotment date cannot be in the future.']);
    const early = await transition(day(-201));
    expect(early.statusCode).toBe(422);
    expect(json<Errors>(early).errors.allotted_on).toEqual([
      `The allotment date cannot be before the last payment was received (${day(-200)}).`,
    ]);
    const bad = await transition('31/12/2025');
    expect(bad.statusCode).toBe(422);
    expect(json<Errors>(bad).errors).toHaveProperty('allotted_on');
  });

  it('dates the allotment and the round’s price on the day staff give', async () => {
    const done = await admin.post(`/api/opportunities/${round.id}/transition`, {
      status: 5,
      allotted_on: day(-100),
    });
    expect(done.statusCode, done.body).toBe(200);
    const [allotment] = await t.ctx.db
      .select()
      .from(holdingTransactions)
      .where(eq(holdingTransactions.investment_id, paid.id));
    expect(allotment).toMatchObject({ kind: 'allotment', occurred_on: day(-100), shares: '500.000000' });
    const prices = await t.ctx.db.select().from(sharePrices).where(eq(sharePrices.opportunity_id, round.id));
    expect(prices).toMatchObject([{ kind: 'round', effective_on: day(-100), price: '2.000000' }]);
  });
});

describe('the portfolio dates money by the payments received', () => {
  it('answers XIRR over the payment days, not the completion day', async () => {
    // a valuation at 3.00: 500 shares worth 1,500.00
    const valued = await admin.post(`/api/existing-investments/${round.id}/share-prices`, {
      effective_on: day(-10),
      price: '3.00',
    });
    expect(valued.statusCode, valued.body).toBe(201);
    const holding = data<Record<string, unknown>>(await ivyAgent.get(`/api/portfolio/${round.id}`));
    const byPayments = xirr([
      { date: day(-380), amount: '-600.00' },
      { date: day(-200), amount: '-400.00' },
      { date: day(0), amount: '1500.00' },
    ]);
    const byCompletion = xirr([
      { date: day(-100), amount: '-1000.00' },
      { date: day(0), amount: '1500.00' },
    ]);
    expect(byPayments).not.toBe(byCompletion);
    expect(holding).toMatchObject({ invested: '1000.00', value: '1500.00', xirr: byPayments });
    // first money in 380 days ago: the return is annualised, though the shares were allotted 100 days ago
    expect(holding).toMatchObject({ return_basis: 'annualised', return_rate: byPayments });
  });

  it('counts money invested on the day it was received in the history', async () => {
    type Point = { date: string; invested: string; value: string };
    const points = data<{ history: Point[] }>(await ivyAgent.get(`/api/portfolio/${round.id}`)).history;
    // the whole portfolio's history too
    const whole = data<{ points: Point[] }>(await ivyAgent.get('/api/portfolio/history')).points;
    expect(whole[0]).toEqual({ date: day(-380), invested: '600.00', value: '600.00' });
    expect(points.slice(0, 3)).toEqual([
      { date: day(-380), invested: '600.00', value: '600.00' },
      { date: day(-200), invested: '1000.00', value: '1000.00' },
      { date: day(-100), invested: '1000.00', value: '1000.00' },
    ]);
    expect(points.at(-1)).toEqual({ date: day(0), invested: '1000.00', value: '1500.00' });
  });

  it('shows the cumulative return of a holding under twelve months', async () => {
    const portfolio = data<{ holdings: Record<string, unknown>[]; totals: Record<string, unknown> }>(
      await ivyAgent.get('/api/portfolio'),
    );
    const young = portfolio.holdings.find((holding) => holding.opportunity_id === recent.id);
    // 100.00 worth 125.00 after 30 days: +25%, not the ~1,500% a year XIRR says
    expect(young).toMatchObject({ value: '125.00', return_basis: 'cumulative', return_rate: '0.250000' });
    expect(Number(young?.xirr)).toBeGreaterThan(1);
    expect(portfolio.totals).toMatchObject({ return_basis: 'annualised' });
  });
});

import { compareDecimal, sumDecimals, wholeSharesFor } from '@portico/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { investmentPayments, investments, opportunities, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { seedDemo } from './demo';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
}, 120_000);
afterAll(() => t.close());

const userId = async (email: string) =>
  (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;

describe('the investing demo', () => {
  it('has every state on the live and closed rounds, each paid one with its payment', async () => {
    const rounds = await t.ctx.db
      .select()
      .from(opportunities)
      // the companies' rounds (a fund's commitments are called by capital calls: funds-demo)
      .where(and(inArray(opportunities.status, [2, 3, 4]), isNull(opportunities.fund_id)));
    for (const round of rounds) expect(round.bank_account_number, round.name).toMatch(/^\d{8}$/);
    const rows = await t.ctx.db
      .select()
      .from(investments)
      .where(
        inArray(
          investments.opportunity_id,
          rounds.map((round) => round.id),
        ),
      );
    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(['reserved', 'awaiting_payment', 'paid', 'cancelled']),
    );
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(['platform', 'manual', 'private_manual']));
    for (const row of rows) expect(row.payment_reference, String(row.id)).toBeTruthy();
    // whole shares at the round's price on every commitment, never "no shares yet"
    const priceOf = new Map(rounds.map((round) => [round.id, round.share_price]));
    for (const row of rows) {
      const price = priceOf.get(row.opportunity_id);
      if (price) expect(row.shares, String(row.id)).toBe(`${wholeSharesFor(row.amount, price)}.000000`);
    }
    for (const row of rows.filter((item) => item.status === 'paid')) {
      expect(row.paid_amount).toBe(row.amount);
      const paid = await t.ctx.db
        .select()
        .from(investmentPayments)
        .where(eq(investmentPayments.investment_id, row.id));
      expect(sumDecimals(paid.map((payment) => payment.amount))).toBe(row.amount);
    }
    const called = rows.filter((row) => row.status === 'awaiting_payment');
    for (const row of called) expect(row.cash_call_id).not.toBeNull();
    expect(called.some((row) => compareDecimal(row.paid_amount, '0') > 0)).toBe(true);
    const cancelled = rows.filter((row) => row.status === 'cancelled');
    for (const row of cancelled) expect(row.cancel_reason).toBeTruthy();
    expect(cancelled.some((row) => row.refunded_at !== null)).toBe(true);
    for (const round of rounds) {
      const committed = sumDecimals(
        rows
          .filter(
            (row) =>
              row.opportunity_id === round.id &&
              ['reserved', 'awaiting_payment', 'paid'].includes(row.status),
          )
          .map((row) => row.amount),
      );
      expect(compareDecimal(committed, round.maximum_amount ?? committed), round.name).toBeLessThanOrEqual(0);
    }
  });

  it('gives investor@portico.test a reserved and an awaiting-payment commitment, investor2 none', async () => {
    const mine = await t.ctx.db
      .select({ status: investments.status })
      .from(investments)
      .where(eq(investments.user_id, await userId('investor@portico.test')));
    // and completed ones: the portfolio demo's holdings (so investor@ has invested before)
    expect(new Set(mine.map((row) => row.status))).toEqual(
      new Set(['awaiting_payment', 'reserved', 'completed']),
    );
    const theirs = await t.ctx.db
      .select()
      .from(investments)
      .where(eq(investments.user_id, await userId('investor2@portico.test')));
    expect(theirs).toEqual([]);
  });
});

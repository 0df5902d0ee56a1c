import { compareDecimal, subtractDecimal, sumDecimals } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { investmentPayments, investments, unallocatedBalances } from '../db/schema';
import { londonDate } from '../platform/time';
import { createTestApp, type TestApp } from '../test/test-app';
import { seedDemo } from './demo';

/*
 * Issue 18 (decision 019): the money ledger reconciles for every investment of the demo data, on PGlite
 * and PostgreSQL: each paid amount is the sum of its entries, each unallocated balance the sum of its
 * entries, no money is lost, and no payment is dated before its commitment.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
}, 180_000);
afterAll(() => t.close());

describe('the demo data’s ledger', () => {
  it('sums to every investment’s paid amount and every unallocated balance, losing no money', async () => {
    const rows = await t.ctx.db.select().from(investments);
    const entries = await t.ctx.db.select().from(investmentPayments);
    expect(rows.length).toBeGreaterThan(10);
    expect(entries.length).toBeGreaterThan(5);
    const differences = rows.flatMap((row) => {
      const sum = sumDecimals(
        entries.filter((entry) => entry.investment_id === row.id).map((entry) => entry.paid_delta),
      );
      return compareDecimal(sum, row.paid_amount) === 0 ? [] : [{ id: row.id, paid: row.paid_amount, sum }];
    });
    expect(differences).toEqual([]);
    for (const balance of await t.ctx.db.select().from(unallocatedBalances))
      expect(
        sumDecimals(
          entries
            .filter(
              (entry) => entry.opportunity_id === balance.opportunity_id && entry.user_id === balance.user_id,
            )
            .map((entry) => entry.unallocated_delta),
        ),
      ).toBe(balance.amount);
    // money in = money held by investments + held unallocated + money returned
    const moneyIn = sumDecimals(
      entries.filter((entry) => entry.kind === 'payment').map((entry) => entry.amount),
    );
    const returned = sumDecimals(
      entries
        .filter((entry) => entry.kind === 'refund' || entry.kind === 'unallocated_refund')
        .map((entry) => entry.amount),
    );
    const reversed = sumDecimals(
      entries
        .filter((entry) => entry.kind === 'reversal')
        .map((entry) => subtractDecimal('0', sumDecimals([entry.paid_delta, entry.unallocated_delta]))),
    );
    const held = sumDecimals(rows.map((row) => row.paid_amount));
    const unallocated = sumDecimals(
      (await t.ctx.db.select().from(unallocatedBalances)).map((row) => row.amount),
    );
    expect(sumDecimals([held, unallocated, returned, reversed])).toBe(moneyIn);
    // a paid or completed investment holds its amount
    for (const row of rows.filter((item) => item.status === 'paid' || item.status === 'completed'))
      expect(row.paid_amount, String(row.id)).toBe(row.amount);
  });

  it('never dates a payment before its commitment', async () => {
    const rows = new Map((await t.ctx.db.select().from(investments)).map((row) => [row.id, row]));
    const early = (await t.ctx.db.select().from(investmentPayments)).filter((entry) => {
      const investment = entry.investment_id === null ? undefined : rows.get(entry.investment_id);
      if (!investment) return false;
      const committed = investment.invested_on ?? londonDate(investment.created_at);
      return entry.received_on < committed;
    });
    expect(early.map((entry) => [entry.id, entry.received_on])).toEqual([]);
  });
});

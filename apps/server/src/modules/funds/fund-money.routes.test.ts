import { addDecimal, compareDecimal, ROLES, subtractDecimal, sumDecimals } from '@portico/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fundCapitalCallLines,
  fundCapitalCalls,
  fundLedgerEntries,
  investments,
  notifications,
  type UserRow,
} from '../../db/schema';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';
import { usePostgres } from '../../test/database';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

/*
 * A fund's money (issue 20, decision 026): capital calls, payments against them, distributions, fees,
 * reversals and the fund measures, with the database's own rules and races on PostgreSQL.
 */

let t: TestApp;
let admin: Agent;

type Errors = { message: string; errors: Record<string, string[]> };
type Line = { investor_id: number; investment_id: number; amount: string; paid?: string };
type Call = {
  id: number;
  total: string;
  percent: string | null;
  paid: string;
  status: string;
  lines: Line[];
};
type Movement = {
  id: number;
  total: string;
  lines: Line[];
  reverses_id: number | null;
  reversed_by_id: number | null;
};
type Measures = Record<
  'committed' | 'called' | 'uncalled' | 'paid_in' | 'distributed' | 'fees' | 'value',
  string
> & { dpi: string | null; rvpi: string | null; tvpi: string | null; irr: string | null };
type Kpis = {
  fund: Measures;
  nav_on: string | null;
  commitments: Array<Measures & { investment_id: number }>;
};

const nth = <T>(rows: readonly (T | undefined)[], index: number): T => {
  const row = rows[index];
  if (row === undefined) throw new Error(`no row ${index}`);
  return row;
};
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T>(response: { body: string }) => json<{ data: T }>(response).data;
const today = () => t.ctx.clock.today();
const dayFromToday = (days: number) => {
  const base = new Date(`${today()}T12:00:00Z`);
  return new Date(base.getTime() + days * 86_400_000).toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  const on = await admin.patch('/api/features', { enableFunds: true });
  if (on.statusCode !== 200) throw new Error(on.body);
});
afterAll(async () => {
  await t.close();
});

/** A fund with one live opportunity raising for it, and commitments of these amounts (in this order). */
async function fundWith(amounts: string[]) {
  const created = await admin.post('/api/funds', {
    name: `Fund ${Math.random().toString(36).slice(2, 8)}`,
    currency: 'GBP',
    target_size: '5000000',
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  const fundId = data<{ id: number }>(created).id;
  const opportunity = await createOpportunity(t.ctx.db, {
    status: 2,
    fund_id: fundId,
    share_price: null,
    maximum_amount: '5000000.00',
    target_amount: '1000000.00',
    bank_account_name: 'Fund Client Account',
    bank_sort_code: '123456',
    bank_account_number: '12345678',
  });
  const investors: UserRow[] = [];
  const commitments = [];
  for (const [index, amount] of amounts.entries()) {
    const investor = await createUser(t.ctx.db);
    investors.push(investor);
    const [row] = await t.ctx.db
      .insert(investments)
      .values({
        opportunity_id: opportunity.id,
        user_id: investor.id,
        amount,
        payment_reference: `FUND-${fundId}-${index + 1}`,
      })
      .returning();
    if (!row) throw new Error('no commitment');
    commitments.push(row);
  }
  return { fundId, opportunity, investors, commitments };
}

const call = (fundId: number, body: Record<string, unknown>, agent = admin, key?: string) =>
  agent.post(`/api/funds/${fundId}/capital-calls`, body, key ? { headers: { 'idempotency-key': key } } : {});
const pay = (investmentId: number, amount: string) =>
  admin.post(`/api/investments/${investmentId}/payments`, { amount, received_on: today() });
const commitment = async (id: number) =>
  (await t.ctx.db.select().from(investments).where(eq(investments.id, id)))[0];
const kpis = async (fundId: number) => data<Kpis>(await admin.get(`/api/funds/${fundId}/kpis`));

/** The database's error for a statement it refuses, or undefined when it took it. */
async function refusal(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
    return undefined;
  } catch (error) {
    return String((error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message);
  }
}

describe('capital calls', () => {
  it('calls a percentage of every commitment as one total split exactly, and tells each investor', async () => {
    const { fundId, investors, commitments } = await fundWith(['100000.00', '50000.00', '33333.33']);
    expect((await commitment(nth(commitments, 0).id))?.called_amount).toBe('0.00');

    const response = await call(fundId, {
      percent: '25.00',
      due_date: dayFromToday(14),
      message: 'First close.',
    });
    expect(response.statusCode).toBe(201);
    const created = data<Call>(response);
    // Σ 183,333.33 × 25% = 45,833.3325, rounded half up to the penny: one total the lines sum to
    expect(created.total).toBe('45833.33');
    expect(created.percent).toBe('25.00');
    expect(sumDecimals(created.lines.map((line) => line.amount))).toBe(created.total);
    expect(created.lines.map((line) => [line.investor_id, line.amount])).toEqual([
      [nth(investors, 0).id, '25000.00'],
      [nth(investors, 1).id, '12500.00'],
      [nth(investors, 2).id, '8333.33'],
    ]);
    expect(created.status).toBe('open');
    for (const row of commitments) {
      const after = await commitment(row.id);
      expect(after?.status).toBe('awaiting_payment');
      expect(after?.called_amount).toBe(created.lines.find((line) => line.investment_id === row.id)?.amount);
    }
    const notices = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.notifiable_id, nth(investors, 0).id));
    expect(JSON.stringify(notices.map((row) => row.data))).toContain('Capital call: please pay £25,000.00');
  });

  it('splits an amount by commitment, and refuses a call past what is left uncalled, a past date or both ways', async () => {
    const { fundId } = await fundWith(['1000.00', '2000.00']);
    const first = data<Call>(await call(fundId, { amount: '1000.00', due_date: today() }));
    expect(first.lines.map((line) => line.amount)).toEqual(['333.33', '666.67']);

    const tooMuch = await call(fundId, { amount: '2000.01', due_date: today() });
    expect(tooMuch.statusCode).toBe(422);
    expect(json<Errors>(tooMuch).errors.amount).toEqual([
      'That call comes to £2,000.01, more than is left uncalled of the commitments (£2,000.00).',
    ]);
    const past = await call(fundId, { percent: '10', due_date: dayFromToday(-1) });
    expect(json<Errors>(past).errors.due_date).toEqual(['The due date cannot be in the past.']);
    const both = await call(fundId, { percent: '10', amount: '10', due_date: today() });
    expect(both.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(both).errors)).toEqual(['amount']);
    const neither = await call(fundId, { due_date: today() });
    expect(Object.keys(json<Errors>(neither).errors)).toEqual(['percent']);

    // the rest of both commitments, exactly: each line capped at what is left of its commitment
    const rest = data<Call>(await call(fundId, { amount: '2000.00', due_date: today() }));
    expect(rest.lines.map((line) => line.amount)).toEqual(['666.67', '1333.33']);
  });

  it('takes payments up to what was called, holds the rest unallocated, and pays the oldest call first', async () => {
    const { fundId, commitments } = await fundWith(['10000.00']);
    const id = nth(commitments, 0).id;
    await call(fundId, { percent: '30', due_date: today() });
    await call(fundId, { percent: '20', due_date: today() });
    expect((await pay(id, '3500.00')).statusCode).toBe(201);
    let row = await commitment(id);
    expect([row?.paid_amount, row?.called_amount, row?.status]).toEqual([
      '3500.00',
      '5000.00',
      'awaiting_payment',
    ]);

    const calls = data<Call[]>(await admin.get(`/api/funds/${fundId}/capital-calls`));
    expect(calls.map((one) => [one.total, one.paid, one.status])).toEqual([
      ['2000.00', '500.00', 'open'],
      ['3000.00', '3000.00', 'paid'],
    ]);

    // 2,000 more: 1,500 is due, 500 is held unallocated for staff to apply or refund
    const over = await pay(id, '2000.00');
    expect(over.statusCode).toBe(201);
    expect(data<{ unallocated: string }>(over).unallocated).toBe('500.00');
    row = await commitment(id);
    expect([row?.paid_amount, row?.status]).toEqual(['5000.00', 'awaiting_payment']);

    // the last 50%: called and paid in full, the commitment is paid
    await call(fundId, { percent: '50', due_date: today() });
    await pay(id, '5000.00');
    expect((await commitment(id))?.status).toBe('paid');
    const all = await call(fundId, { percent: '1', due_date: today() });
    expect(json<Errors>(all).errors.percent).toEqual([
      'That call comes to £100.00, more than is left uncalled of the commitments (£0.00).',
    ]);
  });

  it('keeps the rules in the database: never past a commitment, called only by lines, append-only', async () => {
    const { fundId, commitments } = await fundWith(['1000.00']);
    const id = nth(commitments, 0).id;
    const made = data<Call>(await call(fundId, { percent: '60', due_date: today() }));
    const db = t.ctx.db;
    expect(
      await refusal(
        db.transaction(async (tx) => {
          const [extra] = await tx
            .insert(fundCapitalCalls)
            .values({ fund_id: fundId, total: '500.00', due_date: today(), request_key: 'direct' })
            .returning();
          await tx
            .insert(fundCapitalCallLines)
            .values({ call_id: nth([extra], 0).id, investment_id: id, user_id: 0, amount: '500.00' });
        }),
      ),
    ).toMatch(/investments_called_within_amount/);
    expect(
      await refusal(db.update(investments).set({ called_amount: '0.00' }).where(eq(investments.id, id))),
    ).toMatch(/called amount moves only by capital call lines/);
    expect(
      await refusal(
        db.update(fundCapitalCalls).set({ total: '1.00' }).where(eq(fundCapitalCalls.id, made.id)),
      ),
    ).toMatch(/append-only/);
    expect(
      await refusal(db.delete(fundCapitalCallLines).where(eq(fundCapitalCallLines.call_id, made.id))),
    ).toMatch(/append-only/);
    // lines that do not sum to the call's total are refused when the transaction commits
    expect(
      await refusal(
        db.transaction(async (tx) => {
          const [extra] = await tx
            .insert(fundCapitalCalls)
            .values({ fund_id: fundId, total: '100.00', due_date: today(), request_key: 'short' })
            .returning();
          await tx
            .insert(fundCapitalCallLines)
            .values({ call_id: nth([extra], 0).id, investment_id: id, user_id: 0, amount: '99.99' });
        }),
      ),
    ).toMatch(/lines sum to 99.99/);
    // a payment cannot take a commitment past what was called
    expect(
      await refusal(db.execute(sql`update investments set paid_amount = 700 where id = ${id}`)),
    ).toBeDefined();
    expect((await commitment(id))?.called_amount).toBe('600.00');
  });

  it('answers a replay with the first call and refuses the key for another call', async () => {
    const { fundId } = await fundWith(['1000.00']);
    const first = await call(fundId, { percent: '10', due_date: today() }, admin, 'call-1');
    const again = await call(fundId, { percent: '10', due_date: today() }, admin, 'call-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(data<Call>(again).id).toBe(data<Call>(first).id);
    const other = await call(fundId, { percent: '20', due_date: today() }, admin, 'call-1');
    expect(other.statusCode).toBe(422);
    expect(json<Errors>(other).errors.idempotency_key).toBeDefined();
    expect(data<Call[]>(await admin.get(`/api/funds/${fundId}/capital-calls`))).toHaveLength(1);
  });

  it('never calls past a commitment when calls arrive at once', async () => {
    const count = usePostgres() ? 12 : 4;
    const { fundId, commitments } = await fundWith(['1000.00', '3000.00']);
    const answers = await Promise.all(
      Array.from({ length: count }, () => call(fundId, { percent: '60', due_date: today() })),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(count - 1);
    const called = await Promise.all(
      commitments.map(async (row) => (await commitment(row.id))?.called_amount),
    );
    expect(called).toEqual(['600.00', '1800.00']);
  });
});

describe('distributions and fees', () => {
  it('distributes pro rata to paid-in capital, charges fees, reverses once, and measures the fund', async () => {
    const { fundId, investors, commitments } = await fundWith(['60000.00', '30000.00', '10000.00']);
    const before = await admin.post(`/api/funds/${fundId}/distributions`, {
      amount: '100.00',
      date: today(),
      kind: 'income',
    });
    expect(before.statusCode).toBe(422);
    expect(json<Errors>(before).errors.date?.[0]).toContain('had paid in');

    await call(fundId, { percent: '50', due_date: today() });
    await pay(nth(commitments, 0).id, '30000.00');
    await pay(nth(commitments, 1).id, '15000.00');
    // the third has paid nothing: it is owed nothing of a distribution

    const made = await admin.post(`/api/funds/${fundId}/distributions`, {
      amount: '1000.01',
      date: today(),
      kind: 'return_of_capital',
    });
    expect(made.statusCode).toBe(201);
    const distribution = data<Movement>(made);
    expect(distribution.lines.map((line) => [line.investor_id, line.amount])).toEqual([
      [nth(investors, 0).id, '666.67'],
      [nth(investors, 1).id, '333.34'],
    ]);
    expect(sumDecimals(distribution.lines.map((line) => line.amount))).toBe('1000.01');

    const fee = data<Movement>(
      await admin.post(`/api/funds/${fundId}/fees`, {
        amount: '450.00',
        date: today(),
        kind: 'management_fee',
      }),
    );
    expect(fee.lines.map((line) => line.amount)).toEqual(['300.00', '150.00']);

    const reversal = await admin.post(`/api/funds/${fundId}/movements/${fee.id}/reversals`, {
      reason: 'Charged twice',
    });
    expect(reversal.statusCode).toBe(201);
    expect(data<Movement>(reversal).lines.map((line) => line.amount)).toEqual(['-300.00', '-150.00']);
    const twice = await admin.post(`/api/funds/${fundId}/movements/${fee.id}/reversals`, { reason: 'Again' });
    expect(json<Errors>(twice).errors.reason).toEqual([
      'This is already reversed: a distribution or fee is reversed once.',
    ]);
    const movements = data<Movement[]>(await admin.get(`/api/funds/${fundId}/movements`));
    expect(movements.find((one) => one.id === fee.id)?.reversed_by_id).toBe(data<Movement>(reversal).id);
    expect(
      await refusal(
        t.ctx.db.delete(fundLedgerEntries).where(eq(fundLedgerEntries.movement_id, distribution.id)),
      ),
    ).toMatch(/append-only/);

    // Before any NAV each commitment is valued at cost (paid-in less fees and capital returned).
    let measures = await kpis(fundId);
    expect(measures.fund).toMatchObject({
      committed: '100000.00',
      called: '50000.00',
      uncalled: '50000.00',
      paid_in: '45000.00',
      distributed: '1000.01',
      fees: '0.00',
    });
    expect(measures.fund.value).toBe(sumDecimals(measures.commitments.map((row) => row.value)));

    const nav = await admin.post(`/api/funds/${fundId}/navs`, { date: today(), nav: '54000.00' });
    expect(nav.statusCode).toBe(201);
    measures = await kpis(fundId);
    expect(measures.nav_on).toBe(today());
    expect(measures.fund.value).toBe('54000.00');
    // each commitment's share of the NAV by paid-in capital, summing to the NAV exactly
    expect(measures.commitments.map((row) => row.value)).toEqual(['36000.00', '18000.00', '0.00']);
    // DPI 1,000.01 ÷ 45,000; RVPI 54,000 ÷ 45,000; TVPI their sum
    expect([measures.fund.dpi, measures.fund.rvpi, measures.fund.tvpi]).toEqual(['0.02', '1.20', '1.22']);
    expect(measures.commitments[2]).toMatchObject({ paid_in: '0.00', tvpi: null, irr: null });
    expect(
      compareDecimal(subtractDecimal(measures.fund.committed, measures.fund.called), measures.fund.uncalled),
    ).toBe(0);
    expect(addDecimal(measures.fund.called, '0')).toBe('50000.00');
  });

  it('makes one distribution from one request however often it arrives', async () => {
    const count = usePostgres() ? 10 : 4;
    const { fundId, commitments } = await fundWith(['1000.00']);
    await call(fundId, { percent: '100', due_date: today() });
    await pay(nth(commitments, 0).id, '1000.00');
    const answers = await Promise.all(
      Array.from({ length: count }, () =>
        admin.post(
          `/api/funds/${fundId}/distributions`,
          { amount: '10.00', date: today(), kind: 'gain' },
          { headers: { 'idempotency-key': 'one-distribution' } },
        ),
      ),
    );
    expect(answers.every((answer) => [201, 409].includes(answer.statusCode))).toBe(true);
    expect(data<Movement[]>(await admin.get(`/api/funds/${fundId}/movements`))).toHaveLength(1);
  });
});

describe('who may', () => {
  it('lets the Fund Manager call, refuses the Investment Manager and investors, and hides it all with funds off', async () => {
    const { fundId } = await fundWith(['1000.00']);
    const manager = await t.as(await createStaff(t.ctx.db, ROLES.FUND_MANAGER));
    expect((await call(fundId, { percent: '10', due_date: today() }, manager)).statusCode).toBe(201);
    const investmentManager = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER));
    expect((await call(fundId, { percent: '10', due_date: today() }, investmentManager)).statusCode).toBe(
      403,
    );
    expect((await investmentManager.get(`/api/funds/${fundId}/kpis`)).statusCode).toBe(403);
    const investor = await t.as(await createUser(t.ctx.db));
    expect((await investor.get(`/api/funds/${fundId}/capital-calls`)).statusCode).toBe(403);
    expect((await admin.get(`/api/funds/999999/kpis`)).statusCode).toBe(404);

    await admin.patch('/api/features', { enableFunds: false });
    try {
      expect((await admin.get(`/api/funds/${fundId}/kpis`)).statusCode).toBe(404);
      expect((await call(fundId, { percent: '10', due_date: today() })).statusCode).toBe(404);
    } finally {
      await admin.patch('/api/features', { enableFunds: true });
    }
  });
});

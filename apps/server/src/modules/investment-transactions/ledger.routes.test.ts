import { addDecimal, ROLES, sumDecimals } from '@portico/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashCalls,
  idempotencyKeys,
  investmentPayments,
  investments,
  unallocatedBalances,
  type InvestmentRow,
  type UserRow,
} from '../../db/schema';
import { hashOf } from '../../platform/http/idempotency';
import { londonDate } from '../../platform/time';
import { usePostgres } from '../../test/database';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { createOpportunity, dayFromToday } from '../opportunity-lifecycle/lifecycle-fixtures';
import { insertInvestmentWithMoney } from './ledger';

/*
 * Issue 18, payments as a ledger (decision 019): every rule here on PGlite and PostgreSQL, the races on
 * PostgreSQL.
 */

let t: TestApp;
let admin: Agent;

type Errors = { message: string; errors: Record<string, string[]> };
type Entry = {
  id: number;
  kind: string;
  amount: string;
  paid_delta: string;
  unallocated_delta: string;
  reference: string | null;
  reverses_id: number | null;
  reversed_by_id: number | null;
  reason: string | null;
  recorded_by: { id: number; name: string } | null;
};
type Ledger = {
  investment: { id: number; status: string; paid_amount: string; amount: string; refunded_at: string | null };
  payments: Entry[];
  unallocated: string;
};
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T>(response: { body: string }) => json<{ data: T }>(response).data;
const today = () => londonDate(t.ctx.clock.now());

const live = (overrides: Parameters<typeof createOpportunity>[1] = {}) =>
  createOpportunity(t.ctx.db, { status: 2, share_price: '1.000000', ...overrides });

async function reserve(
  opportunityId: number,
  user: UserRow,
  amount: string,
  extra: Partial<typeof investments.$inferInsert> = {},
): Promise<InvestmentRow> {
  return insertInvestmentWithMoney(
    t.ctx.db,
    { opportunity_id: opportunityId, user_id: user.id, amount, ...extra },
    { received_on: today() },
  );
}

const row = async (id: number) =>
  (await t.ctx.db.select().from(investments).where(eq(investments.id, id)))[0];
const entriesOf = (id: number) =>
  t.ctx.db.select().from(investmentPayments).where(eq(investmentPayments.investment_id, id));
const pay = (id: number, amount: string, reference?: string, agent = admin, key?: string) =>
  agent.post(
    `/api/investments/${id}/payments`,
    { amount, received_on: today(), ...(reference ? { reference } : {}) },
    key ? { headers: { 'idempotency-key': key } } : {},
  );
/** The database's error for a statement it refuses, or undefined when it took it. */
async function refusal(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
    return undefined;
  } catch (error) {
    const messages: string[] = [];
    for (
      let current: unknown = error;
      current instanceof Object;
      current = (current as { cause?: unknown }).cause
    )
      messages.push(String((current as { message?: unknown }).message));
    return messages.join(' | ');
  }
}

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' }));
});
afterAll(() => t.close());

describe('the ledger is append-only and is the paid amount', () => {
  it('refuses changing or deleting an entry, and any paid amount that is not the sum of the entries', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const investment = await reserve(opportunity.id, investor, '1000.00', { status: 'awaiting_payment' });
    expect((await pay(investment.id, '400', 'FPS 1')).statusCode).toBe(201);
    const [entry] = await entriesOf(investment.id);
    if (!entry) throw new Error('no entry');
    expect(
      await refusal(
        t.ctx.db
          .update(investmentPayments)
          .set({ amount: '4000' })
          .where(eq(investmentPayments.id, entry.id)),
      ),
    ).toMatch(/append-only/);
    expect(
      await refusal(t.ctx.db.delete(investmentPayments).where(eq(investmentPayments.id, entry.id))),
    ).toMatch(/append-only/);
    // the balance cannot be edited in place, nor a new investment made holding money
    expect(
      await refusal(
        t.ctx.db.update(investments).set({ paid_amount: '1000.00' }).where(eq(investments.id, investment.id)),
      ),
    ).toMatch(/not the sum of its ledger entries/);
    expect(
      await refusal(
        t.ctx.db
          .insert(investments)
          .values({ opportunity_id: opportunity.id, user_id: investor.id, amount: '50', paid_amount: '50' }),
      ),
    ).toMatch(/holds no money/);
    // an entry written without bringing its investment to the sum is refused when it commits
    expect(
      await refusal(
        t.ctx.db.insert(investmentPayments).values({
          investment_id: investment.id,
          opportunity_id: opportunity.id,
          user_id: investor.id,
          amount: '10',
          paid_delta: '10',
          received_on: today(),
        }),
      ),
    ).toMatch(/not the sum of its ledger entries/);
    expect((await row(investment.id))?.paid_amount).toBe('400.00');
    expect(await entriesOf(investment.id)).toHaveLength(1);
  });

  it('ties each state to its money in the database', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const reserved = await reserve(opportunity.id, investor, '1000.00');
    // paid without the money
    expect(
      await refusal(
        t.ctx.db.update(investments).set({ status: 'paid' }).where(eq(investments.id, reserved.id)),
      ),
    ).toMatch(/investments_state_money/);
    // reserved yet called
    const [call] = await t.ctx.db
      .insert(cashCalls)
      .values({ opportunity_id: opportunity.id, due_date: dayFromToday(5) })
      .returning();
    expect(
      await refusal(
        t.ctx.db.update(investments).set({ cash_call_id: call?.id }).where(eq(investments.id, reserved.id)),
      ),
    ).toMatch(/investments_reserved_not_called/);
    // refunded while holding money
    const held = await reserve(opportunity.id, investor, '500.00', {
      status: 'cancelled',
      cancelled_at: new Date(),
      cancel_reason: 'x',
      paid_amount: '200.00',
    });
    expect(
      await refusal(
        t.ctx.db.update(investments).set({ refunded_at: new Date() }).where(eq(investments.id, held.id)),
      ),
    ).toMatch(/investments_refunded_holds_nothing/);
  });
});

describe('a mistaken entry is reversed by a new one', () => {
  it('reverses with a reason, once, moving the state back with the money', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const investment = await reserve(opportunity.id, investor, '1000.00');
    const paid = data<Ledger>(await pay(investment.id, '1000', 'FPS 9'));
    expect(paid.investment.status).toBe('paid');
    const entry = paid.payments[0];
    if (!entry) throw new Error('no entry');
    const url = `/api/investments/${investment.id}/entries/${entry.id}/reversal`;
    expect(json<Errors>(await admin.post(url, { reason: ' ' })).errors.reason).toEqual([
      'Say why the entry is reversed.',
    ]);
    const reversed = await admin.post(url, { reason: 'Booked on the wrong investment' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    const after = data<Ledger>(reversed);
    // not called: back to reserved, holding nothing
    expect(after.investment).toMatchObject({ status: 'reserved', paid_amount: '0.00' });
    expect(after.payments.map((item) => [item.kind, item.amount, item.paid_delta])).toEqual([
      ['payment', '1000.00', '1000.00'],
      ['reversal', '1000.00', '-1000.00'],
    ]);
    expect(after.payments[0]?.reversed_by_id).toBe(after.payments[1]?.id);
    expect(after.payments[1]).toMatchObject({
      reverses_id: entry.id,
      reason: 'Booked on the wrong investment',
      recorded_by: { name: 'Ada Admin' },
    });
    expect(json<Errors>(await admin.post(url, { reason: 'again' })).errors.reason).toEqual([
      'This entry is already reversed: an entry is reversed once.',
    ]);
    const reversal = after.payments[1];
    expect(
      json<Errors>(
        await admin.post(`/api/investments/${investment.id}/entries/${reversal?.id}/reversal`, {
          reason: 'undo the undo',
        }),
      ).errors.reason,
    ).toEqual(['A reversal cannot itself be reversed: book the entry again instead.']);
    // another investment's entry is not on this ledger
    const other = await reserve(opportunity.id, await createUser(t.ctx.db), '10.00');
    expect(
      (await admin.post(`/api/investments/${other.id}/entries/${entry.id}/reversal`, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    // the database holds the rule too: a second reversal of the same entry is refused
    expect(
      await refusal(
        t.ctx.db.transaction(async (tx) => {
          await tx.insert(investmentPayments).values({
            opportunity_id: opportunity.id,
            user_id: investor.id,
            kind: 'reversal',
            amount: '1',
            reverses_id: entry.id,
            reason: 'twice',
            received_on: today(),
          });
        }),
      ),
    ).toMatch(/investment_payments_reversed_once/);
  });

  it('refuses reversing a completed investment’s money, and one that would leave less than nothing', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const investment = await reserve(opportunity.id, investor, '300.00', { status: 'awaiting_payment' });
    const first = data<Ledger>(await pay(investment.id, '300', 'A'));
    await admin.post(`/api/investments/${investment.id}/cancel`, { reason: 'Withdrew' });
    await admin.post(`/api/investments/${investment.id}/refund`, { refunded_on: today() });
    const payment = first.payments[0];
    const refused = await admin.post(`/api/investments/${investment.id}/entries/${payment?.id}/reversal`, {
      reason: 'wrong',
    });
    expect(json<Errors>(refused).errors.reason?.[0]).toMatch(
      /below nothing .* reverse the refund that followed it first/,
    );
    const completed = await reserve(opportunity.id, investor, '100.00', {
      status: 'completed',
      completed_at: new Date(),
    });
    const [entry] = await entriesOf(completed.id);
    expect(
      json<Errors>(
        await admin.post(`/api/investments/${completed.id}/entries/${entry?.id}/reversal`, { reason: 'x' }),
      ).errors.reason,
    ).toEqual(['The investment is completed and its shares allotted: its money cannot be reversed.']);
  });
});

describe('the same bank line is booked once', () => {
  it('refuses a payment reference already booked on the investment (any case), not on another', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const investment = await reserve(opportunity.id, investor, '1000.00');
    expect((await pay(investment.id, '100', 'BACS 123')).statusCode).toBe(201);
    const twice = await pay(investment.id, '100', 'bacs 123');
    expect(twice.statusCode).toBe(422);
    expect(json<Errors>(twice).errors.reference).toEqual([
      'This payment reference is already booked on this investment: “bacs 123” was received before. A bank line is booked once; reverse the earlier entry if it was wrong.',
    ]);
    const other = await reserve(opportunity.id, investor, '1000.00');
    expect((await pay(other.id, '100', 'BACS 123')).statusCode).toBe(201);
    expect((await row(investment.id))?.paid_amount).toBe('100.00');
  });

  it('books one entry when the same bank line arrives many times at once', async () => {
    const count = usePostgres() ? 20 : 6;
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const investment = await reserve(opportunity.id, investor, '5000.00');
    const support = await t.as(await createStaff(t.ctx.db, ROLES.SUPPORT));
    const answers = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        pay(investment.id, '700', 'FPS RACE', index % 2 ? support : admin),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(count - 1);
    expect(await entriesOf(investment.id)).toHaveLength(1);
    expect((await row(investment.id))?.paid_amount).toBe('700.00');
  });
});

describe('Idempotency-Key on the money endpoints', () => {
  it('answers a replay with the first response, refuses the key for another body, and expires in 24 hours', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const investment = await reserve(opportunity.id, investor, '1000.00');
    const first = await pay(investment.id, '100', undefined, admin, 'k-1');
    const again = await pay(investment.id, '100', undefined, admin, 'k-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await entriesOf(investment.id)).toHaveLength(1);
    const other = await pay(investment.id, '200', undefined, admin, 'k-1');
    expect(other.statusCode).toBe(422);
    expect(json<Errors>(other).errors.idempotency_key).toEqual([
      'This Idempotency-Key was already used for a different request: send a new key for a new request.',
    ]);
    // a refused request stores nothing: the key works once the cause is fixed
    expect((await pay(investment.id, '100', 'R', admin, 'k-2')).statusCode).toBe(201);
    expect((await pay(investment.id, '100', 'R', admin, 'k-3')).statusCode).toBe(422);
    expect((await pay(investment.id, '100', 'R2', admin, 'k-3')).statusCode).toBe(201);
    // another user's key is theirs alone
    const support = await t.as(await createStaff(t.ctx.db, ROLES.SUPPORT));
    expect((await pay(investment.id, '100', undefined, support, 'k-1')).headers['idempotent-replayed']).toBe(
      undefined,
    );
    // after 24 hours the key is forgotten: the same request is booked again
    t.ctx.clock.advance(24 * 3600 + 60);
    const later = await pay(investment.id, '100', undefined, admin, 'k-1');
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBe(undefined);
    expect(await entriesOf(investment.id)).toHaveLength(5);
  });

  it('answers 409 while the first request with the key is in flight', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const investment = await reserve(opportunity.id, investor, '1000.00');
    const staff = await createStaff(t.ctx.db, ROLES.SUPER_ADMIN);
    const agent = await t.as(staff);
    // the first request's claim, made and not yet answered
    await t.ctx.db.insert(idempotencyKeys).values({
      user_id: staff.id,
      key: 'busy',
      method: 'POST',
      path: `/api/investments/${investment.id}/payments`,
      body_hash: hashOf({ amount: '100', received_on: today() }),
      created_at: t.ctx.clock.now(),
    });
    const busy = await pay(investment.id, '100', undefined, agent, 'busy');
    expect(busy.statusCode).toBe(409);
    expect(await entriesOf(investment.id)).toHaveLength(0);
  });

  it('makes one booking when the same key arrives many times at once', async () => {
    const count = usePostgres() ? 20 : 6;
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const investment = await reserve(opportunity.id, investor, '5000.00');
    const answers = await Promise.all(
      Array.from({ length: count }, () => pay(investment.id, '250', undefined, admin, 'same-key')),
    );
    expect(answers.every((answer) => answer.statusCode === 201 || answer.statusCode === 409)).toBe(true);
    expect(await entriesOf(investment.id)).toHaveLength(1);
    expect((await row(investment.id))?.paid_amount).toBe('250.00');
  });

  it('covers the manual investment, refund, reversal and unallocated endpoints', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const body = {
      user_id: investor.id,
      type: 'manual',
      holding: { type: 'self' },
      amount: '100',
      invested_on: today(),
    };
    const key = { headers: { 'idempotency-key': 'manual-1' } };
    const first = await admin.post(`/api/opportunities/${opportunity.id}/investments`, body, key);
    const again = await admin.post(`/api/opportunities/${opportunity.id}/investments`, body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.body).toBe(first.body);
    const count = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(investments)
      .where(eq(investments.opportunity_id, opportunity.id));
    expect(count[0]?.n).toBe(1);
  });
});

describe('over-payments are booked, held unallocated, then refunded or applied', () => {
  it('books the excess unallocated, refunds part, applies the rest, and loses no money', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const first = await reserve(opportunity.id, investor, '1000.00', { status: 'awaiting_payment' });
    const second = await reserve(opportunity.id, investor, '600.00');
    const over = await pay(first.id, '1800', 'FPS BIG');
    expect(over.statusCode, over.body).toBe(201);
    const ledger = data<Ledger>(over);
    expect(ledger.investment).toMatchObject({ status: 'paid', paid_amount: '1000.00' });
    expect(ledger.unallocated).toBe('800.00');
    expect(ledger.payments).toMatchObject([
      { kind: 'payment', amount: '1800.00', paid_delta: '1000.00', unallocated_delta: '800.00' },
    ]);
    // partial refund of unallocated money, never more than is held
    const tooMuch = await admin.post(`/api/investments/${first.id}/unallocated/refund`, {
      amount: '900',
      refunded_on: today(),
    });
    expect(json<Errors>(tooMuch).errors.amount).toEqual([
      'That is more than the investor’s unallocated money in this opportunity: £800.00 is held.',
    ]);
    const refunded = await admin.post(`/api/investments/${first.id}/unallocated/refund`, {
      amount: '250',
      refunded_on: today(),
      reference: 'RTN 1',
    });
    expect(data<Ledger>(refunded).unallocated).toBe('550.00');
    // applied to their other investment in the round: at most what it owes
    const overApplied = await admin.post(`/api/investments/${second.id}/unallocated/apply`, {
      amount: '600',
      applied_on: today(),
    });
    expect(json<Errors>(overApplied).errors.amount).toEqual([
      'That is more than the investor’s unallocated money in this opportunity: £550.00 is held.',
    ]);
    const applied = data<Ledger>(
      await admin.post(`/api/investments/${second.id}/unallocated/apply`, {
        amount: '550',
        applied_on: today(),
      }),
    );
    expect(applied.investment).toMatchObject({ paid_amount: '550.00', status: 'reserved' });
    expect(applied.unallocated).toBe('0.00');
    const rest = data<Ledger>(await pay(second.id, '50', 'FPS TOP-UP'));
    expect(rest.investment.status).toBe('paid');
    // every penny: money in = money held by investments + unallocated + money returned
    const entries = await t.ctx.db
      .select()
      .from(investmentPayments)
      .where(eq(investmentPayments.user_id, investor.id));
    const moneyIn = sumDecimals(
      entries.filter((entry) => entry.kind === 'payment').map((entry) => entry.amount),
    );
    const returned = sumDecimals(
      entries.filter((entry) => entry.kind.endsWith('refund')).map((entry) => entry.amount),
    );
    const held = sumDecimals([
      (await row(first.id))?.paid_amount ?? '0',
      (await row(second.id))?.paid_amount ?? '0',
    ]);
    const [balance] = await t.ctx.db
      .select()
      .from(unallocatedBalances)
      .where(
        and(
          eq(unallocatedBalances.user_id, investor.id),
          eq(unallocatedBalances.opportunity_id, opportunity.id),
        ),
      );
    expect(moneyIn).toBe('1850.00');
    expect(addDecimal(addDecimal(held, balance?.amount ?? '0'), returned)).toBe(moneyIn);
  });

  it('holds all money received for a cancelled investment unallocated, never refusing it', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const investment = await reserve(opportunity.id, investor, '1000.00');
    await admin.post(`/api/investments/${investment.id}/cancel`, { reason: 'Withdrew' });
    const late = await pay(investment.id, '1000', 'FPS LATE');
    expect(late.statusCode, late.body).toBe(201);
    expect(data<Ledger>(late)).toMatchObject({
      investment: { status: 'cancelled', paid_amount: '0.00', refunded_at: null },
      unallocated: '1000.00',
    });
  });

  it('refunds part of a cancelled investment’s money, then the rest', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const investment = await reserve(opportunity.id, investor, '1000.00', { status: 'awaiting_payment' });
    await pay(investment.id, '800', 'FPS');
    await admin.post(`/api/investments/${investment.id}/cancel`, { reason: 'Withdrew' });
    const tooMuch = await admin.post(`/api/investments/${investment.id}/refund`, {
      amount: '900',
      refunded_on: today(),
    });
    expect(json<Errors>(tooMuch).errors.amount).toEqual([
      'That is more than the investment holds: £800.00 can be refunded.',
    ]);
    const part = data<Ledger>(
      await admin.post(`/api/investments/${investment.id}/refund`, { amount: '300', refunded_on: today() }),
    );
    expect(part.investment).toMatchObject({ paid_amount: '500.00', refunded_at: null });
    const all = data<Ledger>(
      await admin.post(`/api/investments/${investment.id}/refund`, { refunded_on: today() }),
    );
    expect(all.investment.paid_amount).toBe('0.00');
    expect(all.investment.refunded_at).toEqual(expect.any(String));
    expect(all.payments.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['payment', '800.00'],
      ['refund', '300.00'],
      ['refund', '500.00'],
    ]);
  });

  it('never lets two refunds of the same unallocated money both go through', async () => {
    const count = usePostgres() ? 10 : 4;
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const investment = await reserve(opportunity.id, investor, '100.00');
    await pay(investment.id, '500', 'FPS');
    const answers = await Promise.all(
      Array.from({ length: count }, () =>
        admin.post(`/api/investments/${investment.id}/unallocated/refund`, {
          amount: '400',
          refunded_on: today(),
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    const [balance] = await t.ctx.db
      .select()
      .from(unallocatedBalances)
      .where(eq(unallocatedBalances.user_id, investor.id));
    expect(balance?.amount).toBe('0.00');
  });
});

describe('a cash call stores its amount and state', () => {
  it('is open when issued, paid once its investments are paid, cancelled when all are cancelled', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const a = await reserve(opportunity.id, investor, '100.00');
    const b = await reserve(opportunity.id, investor, '250.50');
    const issued = await admin.post(`/api/opportunities/${opportunity.id}/cash-calls`, {
      due_date: dayFromToday(7),
      investment_ids: [a.id, b.id],
    });
    expect(data<{ amount: string; status: string }>(issued)).toMatchObject({
      amount: '350.50',
      status: 'open',
    });
    const id = data<{ id: number }>(issued).id;
    const call = async () => (await t.ctx.db.select().from(cashCalls).where(eq(cashCalls.id, id)))[0];
    await pay(a.id, '100', 'X');
    expect((await call())?.status).toBe('open');
    await admin.post(`/api/investments/${b.id}/cancel`, { reason: 'Withdrew' });
    expect(await call()).toMatchObject({ status: 'paid', amount: '350.50' });
    // a reversal un-pays the investment: awaiting payment again, the call open again
    const [entry] = await entriesOf(a.id);
    await admin.post(`/api/investments/${a.id}/entries/${entry?.id}/reversal`, { reason: 'Bounced' });
    expect((await row(a.id))?.status).toBe('awaiting_payment');
    expect((await call())?.status).toBe('open');
    await admin.post(`/api/investments/${a.id}/cancel`, { reason: 'Gone' });
    expect((await call())?.status).toBe('cancelled');
  });
});

describe('totals across currencies', () => {
  it('groups an investor’s totals by currency, never adding them', async () => {
    const investor = await createUser(t.ctx.db);
    const pounds = await live();
    const euros = await live({ currency: 'EUR' });
    await reserve(pounds.id, investor, '1000.00');
    await reserve(euros.id, investor, '700.00', { status: 'paid' });
    const list = json<{ totals: Record<string, unknown> }>(
      await admin.get(`/api/investors/${investor.id}/investments`),
    );
    expect(list.totals).toEqual({
      count: 2,
      currency: null,
      committed: null,
      called: null,
      received: null,
      by_currency: [
        { currency: 'EUR', count: 1, committed: '700.00', called: '700.00', received: '700.00' },
        { currency: 'GBP', count: 1, committed: '1000.00', called: '0.00', received: '0.00' },
      ],
    });
  });
});

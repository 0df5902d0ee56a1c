import {
  addDecimal,
  compareDecimal,
  divideDecimal,
  isZeroDecimal,
  ROLES,
  wholeSharesFor,
} from '@portico/contracts';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import {
  cashCalls,
  investmentPayments,
  investments,
  opportunities,
  users,
  type InvestmentRow,
  type OpportunityRow,
} from '../db/schema';
import { committedOf, paymentReferenceFor } from '../modules/investment-transactions/commitments';
import { insertInvestmentWithMoney } from '../modules/investment-transactions/ledger';
import { londonDate } from '../platform/time';

const DAY_MS = 24 * 3_600_000;

/** Where investors pay for each live or closed demo round (its own client account). */
function bankOf(opportunity: OpportunityRow, index: number) {
  const digits = String(10_000_000 + opportunity.id * 7919).slice(-8);
  return {
    bank_account_name: `${opportunity.company_name ?? opportunity.name} Client Account`,
    bank_sort_code: `40${String(11 + index).padStart(2, '0')}${String(20 + index).padStart(2, '0')}`,
    bank_account_number: digits,
    bank_iban: `GB${String(29 + index).padStart(2, '0')}HBUK40${String(1120 + index)}${digits}`,
    bank_swift: 'HBUKGB4B',
  };
}

/**
 * Issue 11: the money behind the demo's live and closed rounds. Bank details on each; every commitment
 * has its payment reference; paid ones have their payment (paid amount = amount); awaiting payment ones
 * were called by a cash call; one is part paid; cancelled ones say why (one was refunded); a manual and a
 * private_manual investment. investor@portico.test holds a reserved and an awaiting-payment commitment;
 * investor2@portico.test holds none. Completed and matured rounds' holdings are seeded with portfolios.
 */
export async function seedInvestingDemo(ctx: AppContext, now = new Date()) {
  const day = (offset: number) => londonDate(new Date(now.getTime() + offset * DAY_MS));
  const at = (offset: number) => new Date(now.getTime() + offset * DAY_MS);

  await ctx.db.transaction(async (tx) => {
    const rounds = await tx
      .select()
      .from(opportunities)
      .where(and(inArray(opportunities.status, [2, 3, 4]), sql`${opportunities.slug} is not null`))
      .orderBy(asc(opportunities.id));
    if (rounds.length === 0) return;
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@portico.test'));
    const staffId = admin?.id ?? null;
    const byEmail = async (email: string) => (await tx.select().from(users).where(eq(users.email, email)))[0];
    const investor = await byEmail('investor@portico.test');
    const investor2 = await byEmail('investor2@portico.test');
    const others = await tx
      .select()
      .from(users)
      .where(
        and(
          eq(users.role_id, ROLES.USER),
          sql`${users.email_verified_at} is not null`,
          sql`${users.email} not in ('investor@portico.test', 'investor2@portico.test')`,
        ),
      )
      .orderBy(asc(users.id))
      .limit(6);

    for (const [index, round] of rounds.entries())
      await tx.update(opportunities).set(bankOf(round, index)).where(eq(opportunities.id, round.id));

    const roundIds = rounds.map((round) => round.id);
    // investor2@portico.test is not ready to invest: their demo commitments belong to another investor.
    if (investor2 && others[0])
      await tx
        .update(investments)
        .set({ user_id: others[0].id })
        .where(
          and(
            eq(investments.user_id, investor2.id),
            inArray(investments.opportunity_id, roundIds),
            eq(investments.paid_amount, '0'),
          ),
        );

    const insert = async (values: typeof investments.$inferInsert) => {
      const [row] = await tx.insert(investments).values(values).returning();
      if (!row) throw new Error('no demo investment');
      return row;
    };
    const hasRoom = async (round: OpportunityRow, amount: string) =>
      round.maximum_amount === null ||
      compareDecimal(addDecimal(await committedOf(tx, round.id), amount), round.maximum_amount) <= 0;
    const live = rounds.filter((round) => round.status === 2 || round.status === 3);
    const external = rounds.filter((round) => round.status === 2);

    // investor@portico.test: a reserved and an awaiting-payment commitment, on two live external rounds.
    if (investor) {
      const mine = await tx
        .select()
        .from(investments)
        .where(and(eq(investments.user_id, investor.id), inArray(investments.opportunity_id, roundIds)));
      // Theirs stays as the demo needs: other states move to other investors.
      if (others[1])
        for (const row of mine.filter(
          (row) =>
            row.status !== 'reserved' && row.status !== 'awaiting_payment' && isZeroDecimal(row.paid_amount),
        ))
          await tx.update(investments).set({ user_id: others[1].id }).where(eq(investments.id, row.id));
      const wanted: Array<'reserved' | 'awaiting_payment'> = ['reserved', 'awaiting_payment'];
      for (const [position, status] of wanted.entries()) {
        if (mine.some((row) => row.status === status)) continue;
        const round = external[position % Math.max(external.length, 1)];
        if (!round?.minimum_investment || !(await hasRoom(round, round.minimum_investment))) continue;
        await insert({
          opportunity_id: round.id,
          user_id: investor.id,
          amount: round.minimum_investment,
          shares: null,
          status,
          created_at: at(-6 + position),
        });
      }
    }

    // A cancelled commitment (never paid) and a manual and a private_manual investment, paid.
    const [first, second] = live;
    if (first?.minimum_investment && others[2])
      await insert({
        opportunity_id: first.id,
        user_id: others[2].id,
        amount: first.minimum_investment,
        status: 'cancelled',
        cancelled_at: at(-4),
        cancel_reason: 'The investor withdrew before the cash call.',
        created_at: at(-12),
      });
    for (const [offset, type] of (['manual', 'private_manual'] as const).entries()) {
      const round = second ?? first;
      const investorRow = others[3 + offset];
      if (!round?.minimum_investment || !investorRow || !(await hasRoom(round, round.minimum_investment)))
        continue;
      await insertInvestmentWithMoney(
        tx,
        {
          opportunity_id: round.id,
          user_id: investorRow.id,
          amount: round.minimum_investment,
          status: 'paid',
          type,
          invested_on: day(-20),
          paid_at: at(-20),
          recorded_by: staffId,
          note:
            type === 'manual'
              ? 'Agreed at the investor evening; paid by bank transfer.'
              : 'Founder’s friend, off the platform.',
          created_at: at(-20),
        },
        { received_on: day(-20), reference: 'Bank transfer', recorded_by: staffId },
      );
    }

    // Every commitment has its payment reference, a date, and the whole shares its amount buys at the
    // round's share price (as a reservation or a manual investment gets them), never "no shares yet".
    const priceOf = new Map(rounds.map((round) => [round.id, round.share_price]));
    const all = await tx.select().from(investments).where(inArray(investments.opportunity_id, roundIds));
    for (const row of all) {
      const price = priceOf.get(row.opportunity_id);
      const shares = row.shares ?? (price ? wholeSharesFor(row.amount, price) : null);
      if (!row.payment_reference || !row.invested_on || shares !== row.shares)
        await tx
          .update(investments)
          .set({
            payment_reference: row.payment_reference ?? paymentReferenceFor(row.opportunity_id, row.id),
            invested_on: row.invested_on ?? londonDate(row.created_at),
            shares,
          })
          .where(eq(investments.id, row.id));
    }

    // Paid ones have their payment, in full, booked on the ledger when they were made (never before
    // their commitment: the payment is dated on or after the day the investment was made).
    const paid = all.filter(
      (row) => row.status === 'paid' && compareDecimal(row.paid_amount, row.amount) !== 0,
    );
    if (paid.length > 0) throw new Error('a paid demo investment without its payment');

    // Awaiting payment ones were called, a cash call per round; the first other investor's is part paid.
    const awaiting = all.filter((row) => row.status === 'awaiting_payment' && !row.cash_call_id);
    const calls = new Map<number, number>();
    for (const row of awaiting) {
      let callId = calls.get(row.opportunity_id);
      if (callId === undefined) {
        const [call] = await tx
          .insert(cashCalls)
          .values({
            opportunity_id: row.opportunity_id,
            due_date: day(14),
            message: 'Please pay by bank transfer, quoting your payment reference.',
            issued_by: staffId,
            created_at: at(-3),
          })
          .returning({ id: cashCalls.id });
        if (!call) continue;
        callId = call.id;
        calls.set(row.opportunity_id, callId);
      }
      await tx
        .update(investments)
        .set({ cash_call_id: callId, called_at: at(-3) })
        .where(eq(investments.id, row.id));
    }
    const partly = awaiting.find((row) => row.user_id !== investor?.id);
    if (partly)
      await partPay(
        tx,
        partly,
        laterOf(day(-1), partly.invested_on ?? londonDate(partly.created_at)),
        staffId,
      );

    // A closed round's cancelled commitment whose money went back.
    const closed = rounds.find((round) => round.status === 4);
    const refunded = closed
      ? (
          await tx
            .select()
            .from(investments)
            .where(
              and(
                eq(investments.opportunity_id, closed.id),
                eq(investments.status, 'paid'),
                ne(investments.user_id, investor?.id ?? 0),
                isNull(investments.cancelled_at),
              ),
            )
            .orderBy(asc(investments.id))
            .limit(1)
        )[0]
      : undefined;
    if (refunded) {
      const on = laterOf(day(-2), refunded.invested_on ?? londonDate(refunded.created_at));
      await tx
        .update(investments)
        .set({
          status: 'cancelled',
          cancelled_at: at(-3),
          cancel_reason: 'The investor could not claim EIS relief on this round.',
        })
        .where(eq(investments.id, refunded.id));
      await tx.insert(investmentPayments).values({
        investment_id: refunded.id,
        opportunity_id: refunded.opportunity_id,
        user_id: refunded.user_id,
        kind: 'refund',
        amount: refunded.paid_amount,
        paid_delta: `-${refunded.paid_amount}`,
        received_on: on,
        reference: 'Returned: the investor could not claim EIS relief',
        recorded_by: staffId,
      });
      await tx
        .update(investments)
        .set({ paid_amount: '0', refunded_at: at(-2) })
        .where(eq(investments.id, refunded.id));
    }
  });
}

/** The later of two dates (YYYY-MM-DD): a payment is never dated before its commitment. */
const laterOf = (a: string, b: string) => (a > b ? a : b);

/** Half of a called investment's money has come in. */
async function partPay(tx: DbOrTx, row: InvestmentRow, on: string, staffId: number | null) {
  const half = divideDecimal(row.amount, '2', 2);
  await tx.insert(investmentPayments).values({
    investment_id: row.id,
    opportunity_id: row.opportunity_id,
    user_id: row.user_id,
    amount: half,
    paid_delta: half,
    received_on: on,
    reference: 'First instalment',
    recorded_by: staffId,
  });
  await tx.update(investments).set({ paid_amount: half }).where(eq(investments.id, row.id));
}

import {
  canMoveInvestment,
  compareDecimal,
  INVESTMENT_STATUS_STAFF_LABELS,
  subtractDecimal,
  type InvestmentStatus,
} from '@portico/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  investmentPayments,
  investments,
  unallocatedBalances,
  type InvestmentPaymentRow,
  type InvestmentRow,
} from '../../db/schema';
import { isUniqueViolation, violatedConstraint } from '../../db/errors';
import { fieldError } from '../../platform/http/errors';

/*
 * The money ledger (decision 019). Entries are append-only (the database refuses UPDATE and DELETE); an
 * investment's paid_amount is the sum of its entries' paid_delta (a trigger refuses any other value, and
 * a deferred trigger checks it again at commit), and its state follows its money through the one table
 * of moves in contracts (INVESTMENT_TRANSITIONS), checked here by `assertMove`.
 */

/** THE check of an investment's move: refused (422 on `field`) unless the table of moves allows it. */
export function assertMove(from: InvestmentStatus, to: InvestmentStatus, field = 'status'): void {
  if (from === to) return;
  if (!canMoveInvestment(from, to))
    throw fieldError(
      field,
      `A ${INVESTMENT_STATUS_STAFF_LABELS[from].toLowerCase()} investment cannot become ${INVESTMENT_STATUS_STAFF_LABELS[to].toLowerCase()}.`,
    );
}

export type NewEntry = Omit<typeof investmentPayments.$inferInsert, 'id' | 'created_at'>;

export const DUPLICATE_REFERENCE = (reference: string) =>
  `This payment reference is already booked on this investment: “${reference}” was received before. A bank line is booked once; reverse the earlier entry if it was wrong.`;

/** Writes one entry; a payment reference already booked on the investment is a 422 on `reference`. */
export async function insertEntry(tx: DbOrTx, values: NewEntry): Promise<InvestmentPaymentRow> {
  try {
    const [row] = await tx.insert(investmentPayments).values(values).returning();
    if (!row) throw new Error('no ledger entry inserted');
    return row;
  } catch (error) {
    if (isUniqueViolation(error) && violatedConstraint(error) === 'investment_payments_reference_unique')
      throw fieldError('reference', DUPLICATE_REFERENCE(values.reference ?? ''));
    if (isUniqueViolation(error) && violatedConstraint(error) === 'investment_payments_reversed_once')
      throw fieldError('reason', 'This entry is already reversed: an entry is reversed once.');
    throw error;
  }
}

/**
 * What an investment still owes: its amount less what it holds; for a fund commitment, what has been called
 * of it less what it holds (the rest is not due until a capital call). A cancelled or completed one owes nothing.
 */
export function dueOf(
  row: Pick<InvestmentRow, 'status' | 'amount' | 'paid_amount' | 'called_amount'>,
): string {
  if (row.status === 'cancelled' || row.status === 'completed') return '0.00';
  return subtractDecimal(row.called_amount ?? row.amount, row.paid_amount);
}

/** The sum of an investment's entries: what it holds (read inside the caller's transaction). */
export async function ledgerSum(tx: DbOrTx, investmentId: number): Promise<string> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${investmentPayments.paid_delta}), 0)::numeric(14, 2)::text` })
    .from(investmentPayments)
    .where(eq(investmentPayments.investment_id, investmentId));
  return row?.total ?? '0.00';
}

/** The investor's money held unallocated in an opportunity. */
export async function unallocatedOf(tx: DbOrTx, opportunityId: number, userId: number): Promise<string> {
  const [row] = await tx
    .select({ amount: unallocatedBalances.amount })
    .from(unallocatedBalances)
    .where(
      and(eq(unallocatedBalances.opportunity_id, opportunityId), eq(unallocatedBalances.user_id, userId)),
    );
  return row?.amount ?? '0.00';
}

/**
 * Brings a (locked) investment to its ledger after entries were written: paid_amount becomes their sum,
 * and the state moves with the money (through `assertMove`): reaching the amount pays it; falling below
 * it un-pays a paid one (awaiting payment when it was called, else reserved). A cancelled investment
 * keeps its state; `refunded_at` says when its money was all returned.
 */
export async function settle(
  tx: DbOrTx,
  before: InvestmentRow,
  now: Date,
  extra: Partial<typeof investments.$inferInsert> = {},
): Promise<InvestmentRow> {
  const paid = await ledgerSum(tx, before.id);
  const full = compareDecimal(paid, before.amount) === 0;
  let status: InvestmentStatus = before.status;
  if (before.status === 'reserved' || before.status === 'awaiting_payment') {
    if (full) status = 'paid';
  } else if (before.status === 'paid' && !full) {
    // called: by a cash call, or (a fund commitment) by a capital call
    const called =
      before.cash_call_id !== null ||
      (before.called_amount !== null && compareDecimal(before.called_amount, '0') > 0);
    status = called ? 'awaiting_payment' : 'reserved';
  }
  assertMove(before.status, status, 'amount');
  const changes: Partial<typeof investments.$inferInsert> = { paid_amount: paid, ...extra };
  if (status !== before.status) {
    changes.status = status;
    changes.paid_at = status === 'paid' ? now : null;
  }
  if (before.status === 'cancelled')
    // refunded once money it held has all gone back; money coming back (a reversed refund) clears it
    changes.refunded_at =
      compareDecimal(paid, '0') !== 0
        ? null
        : compareDecimal(before.paid_amount, '0') > 0
          ? now
          : before.refunded_at;
  const [row] = await tx
    .update(investments)
    .set({ ...changes, updated_at: new Date() })
    .where(eq(investments.id, before.id))
    .returning();
  if (!row) throw new Error(`investment ${before.id} vanished while locked`);
  return row;
}

/**
 * For seeds and test fixtures: an investment in any state holding the money that state needs, written
 * the only way the database accepts: inserted holding nothing, its money booked as a ledger payment
 * (dated `received_on`, else its invested_on, else today), then moved to its state.
 */
export async function insertInvestmentWithMoney(
  db: DbOrTx,
  values: typeof investments.$inferInsert,
  entry: { received_on: string; reference?: string | null; recorded_by?: number | null },
): Promise<InvestmentRow> {
  // one transaction: the database checks the paid amount against the ledger when it commits
  return db.transaction(async (tx) => {
    const { status = 'reserved', paid_amount, cash_call_id, ...rest } = values;
    const money =
      paid_amount !== undefined && compareDecimal(paid_amount, '0') > 0
        ? paid_amount
        : status === 'paid' || status === 'completed'
          ? values.amount
          : null;
    const [inserted] = await tx
      .insert(investments)
      .values({ ...rest, status: 'reserved', paid_amount: '0', cash_call_id: null })
      .returning();
    if (!inserted) throw new Error('no investment inserted');
    if (money !== null)
      await tx.insert(investmentPayments).values({
        investment_id: inserted.id,
        opportunity_id: inserted.opportunity_id,
        user_id: inserted.user_id,
        kind: 'payment',
        amount: money,
        paid_delta: money,
        received_on: entry.received_on,
        reference: entry.reference ?? null,
        recorded_by: entry.recorded_by ?? null,
      });
    const [row] = await tx
      .update(investments)
      .set({
        paid_amount: money ?? '0',
        status,
        cash_call_id: cash_call_id ?? null,
        refunded_at: values.refunded_at ?? null,
      })
      .where(eq(investments.id, inserted.id))
      .returning();
    if (!row) throw new Error('investment vanished');
    return row;
  });
}

import { and, asc, desc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  fundCapitalCallLines,
  fundCapitalCalls,
  fundLedgerEntries,
  fundMovements,
  fundNavs,
  investmentPayments,
  investments,
  opportunities,
  users,
  type FundCapitalCallRow,
  type FundMovementRow,
  type InvestmentRow,
} from '../../db/schema';

/*
 * The reads and writes of a fund's money (decision 026). Commitments are the investments in the fund's
 * opportunities that are not cancelled, always in investment id order (the pro-rata rule's stated order).
 */

export type Commitment = InvestmentRow & { investor_name: string };

const commitmentColumns = { investment: investments, investor_name: users.name };
const ofFund = (fundId: number) =>
  and(eq(opportunities.fund_id, fundId), ne(investments.status, 'cancelled'));

/**
 * The fund's commitments (or one investor's: `userId`); `lock` takes their row locks (in id order) for a call
 * that moves them.
 */
export async function commitmentsOf(
  db: DbOrTx,
  fundId: number,
  { lock = false, userId }: { lock?: boolean; userId?: number } = {},
): Promise<Commitment[]> {
  const query = db
    .select(commitmentColumns)
    .from(investments)
    .innerJoin(opportunities, eq(opportunities.id, investments.opportunity_id))
    .innerJoin(users, eq(users.id, investments.user_id))
    .where(userId === undefined ? ofFund(fundId) : and(ofFund(fundId), eq(investments.user_id, userId)))
    .orderBy(asc(investments.id));
  const rows = lock ? await query.for('update', { of: investments }) : await query;
  return rows.map((row) => ({ ...row.investment, investor_name: row.investor_name }));
}

/** The commitments that have paid in, id and paid-in only, in id order: the NAV's weights. */
export function paidInOfFund(db: DbOrTx, fundId: number) {
  return db
    .select({ id: investments.id, paid_amount: investments.paid_amount })
    .from(investments)
    .innerJoin(opportunities, eq(opportunities.id, investments.opportunity_id))
    .where(and(ofFund(fundId), gt(investments.paid_amount, '0')))
    .orderBy(asc(investments.id));
}

/** What each commitment had paid in (net of refunds) by the end of a date, by investment id. */
export async function paidInBy(db: DbOrTx, ids: number[], date: string): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: investmentPayments.investment_id,
      total: sql<string>`coalesce(sum(${investmentPayments.paid_delta}), 0)::numeric(14, 2)::text`,
    })
    .from(investmentPayments)
    .where(and(inArray(investmentPayments.investment_id, ids), lte(investmentPayments.received_on, date)))
    .groupBy(investmentPayments.investment_id);
  return new Map(rows.flatMap((row) => (row.id === null ? [] : [[row.id, row.total]])));
}

/** The money in and out of the fund's commitments (or one investor's), read in one query with them. */
export function fundPaymentFlows(db: DbOrTx, fundId: number, userId?: number) {
  return db
    .select({
      investment_id: investmentPayments.investment_id,
      received_on: investmentPayments.received_on,
      paid_delta: investmentPayments.paid_delta,
    })
    .from(investmentPayments)
    .innerJoin(investments, eq(investments.id, investmentPayments.investment_id))
    .innerJoin(opportunities, eq(opportunities.id, investments.opportunity_id))
    .where(
      and(
        ofFund(fundId),
        ne(investmentPayments.paid_delta, '0'),
        ...(userId === undefined ? [] : [eq(investments.user_id, userId)]),
      ),
    );
}

/** The fund's distribution and fee entries, each commitment's. */
export function ledgerEntriesOf(db: DbOrTx, fundId: number, userId?: number) {
  return db
    .select({
      movement_id: fundLedgerEntries.movement_id,
      investment_id: fundLedgerEntries.investment_id,
      user_id: fundLedgerEntries.user_id,
      type: fundLedgerEntries.type,
      kind: fundMovements.kind,
      amount: fundLedgerEntries.amount,
      effective_on: fundLedgerEntries.effective_on,
    })
    .from(fundLedgerEntries)
    .innerJoin(fundMovements, eq(fundMovements.id, fundLedgerEntries.movement_id))
    .where(
      userId === undefined
        ? eq(fundLedgerEntries.fund_id, fundId)
        : and(eq(fundLedgerEntries.fund_id, fundId), eq(fundLedgerEntries.user_id, userId)),
    )
    .orderBy(asc(fundLedgerEntries.id));
}

/** The latest current NAV on or before a date. */
export async function navAt(db: DbOrTx, fundId: number, date: string) {
  const [row] = await db
    .select({ nav: fundNavs.nav, effective_on: fundNavs.effective_on })
    .from(fundNavs)
    .where(
      and(
        eq(fundNavs.fund_id, fundId),
        lte(fundNavs.effective_on, date),
        sql`${fundNavs.replaced_at} is null`,
      ),
    )
    .orderBy(desc(fundNavs.effective_on))
    .limit(1);
  return row;
}

export async function insertCall(
  db: DbOrTx,
  values: typeof fundCapitalCalls.$inferInsert,
): Promise<FundCapitalCallRow> {
  const [row] = await db.insert(fundCapitalCalls).values(values).returning();
  if (!row) throw new Error('fund_capital_calls insert returned no row');
  return row;
}

/** Rows per statement: each well under PostgreSQL's 65,535 parameters. */
const SLICE = 5000;

export async function insertCallLines(db: DbOrTx, values: Array<typeof fundCapitalCallLines.$inferInsert>) {
  for (let start = 0; start < values.length; start += SLICE)
    await db.insert(fundCapitalCallLines).values(values.slice(start, start + SLICE));
}

/** A commitment's first call: reserved ones become awaiting payment, in one statement. */
export async function markCalled(db: DbOrTx, ids: number[], at: Date) {
  for (let start = 0; start < ids.length; start += SLICE)
    await db
      .update(investments)
      .set({ status: 'awaiting_payment', called_at: at, updated_at: at })
      .where(
        and(inArray(investments.id, ids.slice(start, start + SLICE)), eq(investments.status, 'reserved')),
      );
}

export function callsOf(db: DbOrTx, fundId: number, ids?: number[]) {
  return db
    .select()
    .from(fundCapitalCalls)
    .where(
      ids
        ? and(eq(fundCapitalCalls.fund_id, fundId), inArray(fundCapitalCalls.id, ids))
        : eq(fundCapitalCalls.fund_id, fundId),
    )
    .orderBy(desc(fundCapitalCalls.id));
}

/** Every call line of the fund, oldest call first (payments are applied to a commitment's oldest call first). */
export function callLinesOf(db: DbOrTx, fundId: number) {
  return db
    .select({
      call_id: fundCapitalCallLines.call_id,
      investment_id: fundCapitalCallLines.investment_id,
      user_id: fundCapitalCallLines.user_id,
      investor_name: users.name,
      amount: fundCapitalCallLines.amount,
    })
    .from(fundCapitalCallLines)
    .innerJoin(fundCapitalCalls, eq(fundCapitalCalls.id, fundCapitalCallLines.call_id))
    .innerJoin(users, eq(users.id, fundCapitalCallLines.user_id))
    .where(eq(fundCapitalCalls.fund_id, fundId))
    .orderBy(asc(fundCapitalCallLines.call_id), asc(fundCapitalCallLines.investment_id));
}

/** Paid-in of each of the fund's commitments that has a call line, cancelled ones too (their lines stay). */
export async function paidOfCalled(db: DbOrTx, fundId: number): Promise<Map<number, string>> {
  const rows = await db
    .selectDistinct({ id: investments.id, paid: investments.paid_amount })
    .from(investments)
    .innerJoin(fundCapitalCallLines, eq(fundCapitalCallLines.investment_id, investments.id))
    .innerJoin(fundCapitalCalls, eq(fundCapitalCalls.id, fundCapitalCallLines.call_id))
    .where(eq(fundCapitalCalls.fund_id, fundId));
  return new Map(rows.map((row) => [row.id, row.paid]));
}

export async function insertMovement(
  db: DbOrTx,
  values: typeof fundMovements.$inferInsert,
): Promise<FundMovementRow> {
  const [row] = await db.insert(fundMovements).values(values).returning();
  if (!row) throw new Error('fund_movements insert returned no row');
  return row;
}

/** The movement's entries (the trigger checks each is a commitment to the movement's fund, of its type and date). */
export async function insertLedgerEntries(db: DbOrTx, values: Array<typeof fundLedgerEntries.$inferInsert>) {
  for (let start = 0; start < values.length; start += SLICE)
    await db.insert(fundLedgerEntries).values(values.slice(start, start + SLICE));
}

export function movementsOf(db: DbOrTx, fundId: number, ids?: number[]) {
  return db
    .select()
    .from(fundMovements)
    .where(
      ids
        ? and(eq(fundMovements.fund_id, fundId), inArray(fundMovements.id, ids))
        : eq(fundMovements.fund_id, fundId),
    )
    .orderBy(desc(fundMovements.effective_on), desc(fundMovements.id));
}

export function movementEntriesOf(db: DbOrTx, movementIds: number[]) {
  if (movementIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      movement_id: fundLedgerEntries.movement_id,
      investment_id: fundLedgerEntries.investment_id,
      user_id: fundLedgerEntries.user_id,
      investor_name: users.name,
      amount: fundLedgerEntries.amount,
    })
    .from(fundLedgerEntries)
    .innerJoin(users, eq(users.id, fundLedgerEntries.user_id))
    .where(inArray(fundLedgerEntries.movement_id, movementIds))
    .orderBy(asc(fundLedgerEntries.investment_id));
}

/** The opportunities of the given ids (a commitment's bank details and name for its notice). */
export function opportunitiesByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(opportunities).where(inArray(opportunities.id, ids));
}

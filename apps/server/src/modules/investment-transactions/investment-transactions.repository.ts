import { COMMITTED_INVESTMENT_STATUSES, type InvestmentStatus } from '@portico/contracts';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  cashCalls,
  investmentMethodEntities,
  investmentPayments,
  investments,
  nominees,
  opportunities,
  organisations,
  users,
  type InvestmentRow,
} from '../../db/schema';

/** An investment with the names staff read beside it. */
export interface InvestmentListRow {
  investment: InvestmentRow;
  opportunity: { id: number; name: string; status: number; currency: string };
  investor: { id: number; name: string; email: string };
  vehicleName: string | null;
  dueDate: string | null;
}

/** Whose investments a Transactions tab lists. */
export type InvestmentScope =
  | { kind: 'opportunity'; id: number }
  | { kind: 'investor'; id: number }
  | { kind: 'organisation'; id: number }
  | { kind: 'investment_method'; id: number }
  | { kind: 'nominee'; id: number }
  | { kind: 'ids'; ids: number[] };

function scopeCondition(scope: InvestmentScope): SQL | undefined {
  switch (scope.kind) {
    case 'opportunity':
      return eq(investments.opportunity_id, scope.id);
    case 'investor':
      return eq(investments.user_id, scope.id);
    case 'organisation':
      return eq(investments.organisation_id, scope.id);
    case 'investment_method':
      return eq(investmentMethodEntities.investment_method_id, scope.id);
    case 'nominee':
      return eq(investments.nominee_id, scope.id);
    case 'ids':
      return inArray(investments.id, scope.ids);
  }
}

/** The investments of a scope, newest first, optionally only those in the given states. */
export async function listInvestments(
  db: DbOrTx,
  scope: InvestmentScope,
  statuses: InvestmentStatus[] = [],
): Promise<InvestmentListRow[]> {
  if (scope.kind === 'ids' && scope.ids.length === 0) return [];
  const rows = await db
    .select({
      investment: investments,
      opportunity_id: opportunities.id,
      opportunity_name: opportunities.name,
      opportunity_status: opportunities.status,
      opportunity_currency: opportunities.currency,
      investor_id: users.id,
      investor_name: users.name,
      investor_email: users.email,
      organisation_name: organisations.name,
      entity_name: investmentMethodEntities.name,
      nominee_name: nominees.name,
      due_date: cashCalls.due_date,
    })
    .from(investments)
    .innerJoin(opportunities, eq(opportunities.id, investments.opportunity_id))
    .innerJoin(users, eq(users.id, investments.user_id))
    .leftJoin(organisations, eq(organisations.id, investments.organisation_id))
    .leftJoin(
      investmentMethodEntities,
      eq(investmentMethodEntities.id, investments.investment_method_entity_id),
    )
    .leftJoin(nominees, eq(nominees.id, investments.nominee_id))
    .leftJoin(cashCalls, eq(cashCalls.id, investments.cash_call_id))
    .where(
      and(scopeCondition(scope), statuses.length > 0 ? inArray(investments.status, statuses) : undefined),
    )
    .orderBy(desc(investments.created_at), desc(investments.id));
  return rows.map((row) => ({
    investment: row.investment,
    opportunity: {
      id: row.opportunity_id,
      name: row.opportunity_name,
      status: row.opportunity_status,
      currency: row.opportunity_currency,
    },
    investor: { id: row.investor_id, name: row.investor_name, email: row.investor_email },
    vehicleName: row.organisation_name ?? row.entity_name ?? row.nominee_name ?? null,
    dueDate: row.due_date,
  }));
}

/** The investment, locked until the transaction ends: two payments or a payment and a cancel queue here. */
export async function lockInvestment(db: DbOrTx, id: number): Promise<InvestmentRow | undefined> {
  const [row] = await db.select().from(investments).where(eq(investments.id, id)).for('update');
  return row;
}

export async function updateInvestment(
  db: DbOrTx,
  id: number,
  values: Partial<typeof investments.$inferInsert>,
): Promise<InvestmentRow> {
  const [row] = await db
    .update(investments)
    .set({ ...values, updated_at: new Date() })
    .where(eq(investments.id, id))
    .returning();
  if (!row) throw new Error(`investment ${id} vanished while locked`);
  return row;
}

/** The reserved investments of an opportunity among `ids` (all of them when `ids` is empty), locked. */
export async function lockReserved(db: DbOrTx, opportunityId: number, ids: number[]) {
  return db
    .select()
    .from(investments)
    .where(
      and(
        eq(investments.opportunity_id, opportunityId),
        ids.length > 0 ? inArray(investments.id, ids) : eq(investments.status, 'reserved'),
      ),
    )
    .orderBy(asc(investments.id))
    .for('update');
}

/** Every investment of an opportunity still committed (reserved, called or paid), locked. */
export async function lockCommitted(db: DbOrTx, opportunityId: number) {
  return db
    .select()
    .from(investments)
    .where(
      and(
        eq(investments.opportunity_id, opportunityId),
        inArray(investments.status, [...COMMITTED_INVESTMENT_STATUSES]),
      ),
    )
    .orderBy(asc(investments.id))
    .for('update');
}

export async function insertCashCall(db: DbOrTx, values: typeof cashCalls.$inferInsert) {
  const [row] = await db.insert(cashCalls).values(values).returning();
  if (!row) throw new Error('no cash call inserted');
  return row;
}

const recorder = users;
const reversal = alias(investmentPayments, 'reversal');

/**
 * An investment's ledger, oldest first: its own entries and the investor's unallocated-money entries in
 * the same opportunity (an over-payment on another of their investments, a refund of unallocated money),
 * each with the reversal that undid it, if any.
 */
export async function listEntries(
  db: DbOrTx,
  investment: { id: number; opportunity_id: number; user_id: number },
) {
  const rows = await db
    .select({
      entry: investmentPayments,
      reversed_by_id: reversal.id,
      recorder_id: recorder.id,
      recorder_name: recorder.name,
    })
    .from(investmentPayments)
    .leftJoin(recorder, eq(recorder.id, investmentPayments.recorded_by))
    .leftJoin(reversal, eq(reversal.reverses_id, investmentPayments.id))
    .where(
      or(
        eq(investmentPayments.investment_id, investment.id),
        and(
          eq(investmentPayments.opportunity_id, investment.opportunity_id),
          eq(investmentPayments.user_id, investment.user_id),
          ne(investmentPayments.unallocated_delta, '0'),
        ),
      ),
    )
    .orderBy(asc(investmentPayments.received_on), asc(investmentPayments.id));
  return rows.map((row) => ({
    ...row.entry,
    reversed_by_id: row.reversed_by_id,
    recorder:
      row.recorder_id !== null && row.recorder_name !== null
        ? { id: row.recorder_id, name: row.recorder_name }
        : null,
  }));
}

export async function findUser(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUsersByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

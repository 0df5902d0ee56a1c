import { and, desc, eq, lte, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { categorisations, users } from '../../db/schema';

export type CategorisationRecord = typeof categorisations.$inferSelect;
export type NewCategorisationRow = typeof categorisations.$inferInsert;
export interface CategorisationRow {
  categorisation: CategorisationRecord;
  recorder_name: string | null;
  reviewer_name: string | null;
}

const recorder = alias(users, 'recorder');
const reviewer = alias(users, 'reviewer');

const withPeople = (db: DbOrTx) =>
  db
    .select({ categorisation: categorisations, recorder_name: recorder.name, reviewer_name: reviewer.name })
    .from(categorisations)
    .leftJoin(recorder, eq(recorder.id, categorisations.recorded_by))
    .leftJoin(reviewer, eq(reviewer.id, categorisations.reviewed_by));

/** An investor's categorisations, the most recently signed first. */
export function listCategorisations(db: DbOrTx, userId: number): Promise<CategorisationRow[]> {
  return withPeople(db)
    .where(eq(categorisations.user_id, userId))
    .orderBy(desc(categorisations.signed_at), desc(categorisations.id));
}

/** The row locked for a decision, so two reviewers cannot decide it at once. */
export async function lockCategorisation(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(categorisations)
    .where(and(eq(categorisations.id, id), eq(categorisations.user_id, userId)))
    .for('update');
  return row;
}

/**
 * Locks the investor's user row for the rest of the transaction: signings of one investor run one at a
 * time, so each sees the pending one it replaces (one pending at a time, even under parallel requests).
 */
export async function lockInvestorSignings(db: DbOrTx, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function insertCategorisation(db: DbOrTx, values: NewCategorisationRow) {
  const [row] = await db.insert(categorisations).values(values).returning();
  if (!row) throw new Error('insert into categorisations returned no row');
  return row;
}

export async function updateCategorisation(db: DbOrTx, id: number, patch: Partial<NewCategorisationRow>) {
  await db.update(categorisations).set(patch).where(eq(categorisations.id, id));
}

/**
 * Categorisations awaiting approval that were signed no later than a new one are replaced by it: they
 * are closed with a reason, never deleted.
 */
export async function supersedePending(
  db: DbOrTx,
  userId: number,
  keep: { id: number; signed_at: Date },
  reason: string,
) {
  return db
    .update(categorisations)
    .set({ status: 'rejected', reason, reviewed_at: new Date() })
    .where(
      and(
        eq(categorisations.user_id, userId),
        eq(categorisations.status, 'pending'),
        ne(categorisations.id, keep.id),
        lte(categorisations.signed_at, keep.signed_at),
      ),
    )
    .returning({ id: categorisations.id });
}

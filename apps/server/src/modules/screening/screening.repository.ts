import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { documents, screeningChecks, users, type ScreeningCheckRow } from '../../db/schema';

const decider = alias(users, 'decider');
const identityDocument = alias(documents, 'identity_document');
const addressDocument = alias(documents, 'address_document');

export type CheckDocumentRow = typeof documents.$inferSelect;
export interface CheckRow {
  check: ScreeningCheckRow;
  decider_name: string | null;
  identity: CheckDocumentRow | null;
  address: CheckDocumentRow | null;
}

/** An investor's checks, newest first, with who decided and the two evidence files. */
export async function checksOf(db: DbOrTx, userId: number): Promise<CheckRow[]> {
  return db
    .select({
      check: screeningChecks,
      decider_name: decider.name,
      identity: identityDocument,
      address: addressDocument,
    })
    .from(screeningChecks)
    .leftJoin(decider, eq(decider.id, screeningChecks.decided_by))
    .leftJoin(identityDocument, eq(identityDocument.id, screeningChecks.identity_document_id))
    .leftJoin(addressDocument, eq(addressDocument.id, screeningChecks.proof_of_address_id))
    .where(eq(screeningChecks.user_id, userId))
    .orderBy(desc(screeningChecks.created_at), desc(screeningChecks.id));
}

export async function insertCheck(db: DbOrTx, row: typeof screeningChecks.$inferInsert) {
  const [inserted] = await db.insert(screeningChecks).values(row).returning();
  if (!inserted) throw new Error('the screening check insert returned no row');
  return inserted;
}

/** The check, locked for its decision, when it belongs to the investor. */
export async function lockCheck(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(screeningChecks)
    .where(sql`${screeningChecks.id} = ${id} and ${screeningChecks.user_id} = ${userId}`)
    .for('update');
  return row;
}

export async function updateCheck(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof screeningChecks.$inferInsert>,
) {
  const [row] = await db.update(screeningChecks).set(patch).where(eq(screeningChecks.id, id)).returning();
  if (!row) throw new Error('the screening check update returned no row');
  return row;
}

/** Serialises one investor's submissions: the user row is locked until the transaction ends. */
export async function lockInvestor(db: DbOrTx, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

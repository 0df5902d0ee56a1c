import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { documents, promotionExceptions, users, type PromotionExceptionRow } from '../../db/schema';

const recorder = alias(users, 'recorder');
const withdrawer = alias(users, 'withdrawer');

export type NewPromotionException = typeof promotionExceptions.$inferInsert;

export interface PromotionExceptionWithNames {
  exception: PromotionExceptionRow;
  recorder_name: string | null;
  withdrawer_name: string | null;
  document: { id: number; name: string; storage_key: string } | null;
}

function selectWithNames(db: DbOrTx) {
  return db
    .select({
      exception: promotionExceptions,
      recorder_name: recorder.name,
      withdrawer_name: withdrawer.name,
      document_id: documents.id,
      document_name: documents.name,
      document_key: documents.storage_key,
    })
    .from(promotionExceptions)
    .leftJoin(recorder, eq(recorder.id, promotionExceptions.recorded_by))
    .leftJoin(withdrawer, eq(withdrawer.id, promotionExceptions.withdrawn_by))
    .leftJoin(documents, eq(documents.id, promotionExceptions.document_id));
}

type Selected = Awaited<ReturnType<typeof selectWithNames>>[number];

const withNames = (row: Selected): PromotionExceptionWithNames => ({
  exception: row.exception,
  recorder_name: row.recorder_name,
  withdrawer_name: row.withdrawer_name,
  document:
    row.document_id !== null && row.document_name !== null && row.document_key !== null
      ? { id: row.document_id, name: row.document_name, storage_key: row.document_key }
      : null,
});

/** The investor's exemptions, the latest effective first. */
export async function listPromotionExceptions(db: DbOrTx, userId: number) {
  const rows = await selectWithNames(db)
    .where(eq(promotionExceptions.user_id, userId))
    .orderBy(desc(promotionExceptions.effective_on), desc(promotionExceptions.id));
  return rows.map(withNames);
}

export async function findPromotionException(db: DbOrTx, id: number) {
  const [row] = await selectWithNames(db).where(eq(promotionExceptions.id, id));
  return row ? withNames(row) : undefined;
}

/** Locks the row until the caller's transaction ends (a withdrawal races no other). */
export async function lockPromotionException(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select()
    .from(promotionExceptions)
    .where(eq(promotionExceptions.id, id))
    .for('update');
  return row;
}

export async function insertPromotionException(tx: DbOrTx, values: NewPromotionException) {
  const [row] = await tx.insert(promotionExceptions).values(values).returning();
  if (!row) throw new Error('no promotion exception inserted');
  return row;
}

/** The one change the table allows: the withdrawal, once. */
export async function withdrawPromotionException(
  tx: DbOrTx,
  id: number,
  values: { withdrawn_at: Date; withdrawn_by: number | null; withdrawal_reason: string },
) {
  await tx
    .update(promotionExceptions)
    .set(values)
    .where(and(eq(promotionExceptions.id, id), isNull(promotionExceptions.withdrawn_at)));
}

/** The investor's document (their Documents tab), when `documentId` is one. */
export async function findInvestorDocument(db: DbOrTx, userId: number, documentId: number) {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.subject_type, 'investor'),
        eq(documents.subject_id, userId),
      ),
    );
  return row;
}

/**
 * The rule of decision 032, as SQL on a user id column or value: the investor holds an exemption valid on the
 * London date `today` (effective on or before it, not expired by it, not withdrawn).
 */
export function hasValidPromotionException(userId: number | SQL, today: string): SQL {
  return sql`exists (select 1 from ${promotionExceptions} where ${promotionExceptions.user_id} = ${userId} and ${promotionExceptions.withdrawn_at} is null and ${promotionExceptions.effective_on} <= ${today} and (${promotionExceptions.expires_on} is null or ${promotionExceptions.expires_on} > ${today}))`;
}

import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { documents, signatureRequests, users } from '../../db/schema';

export type SignatureRequestRecord = typeof signatureRequests.$inferSelect;
export type DocumentRecord = typeof documents.$inferSelect & { uploader_name: string | null };
export interface SignatureRequestRow {
  request: SignatureRequestRecord;
  investor: { id: number; name: string; email: string };
  requester_name: string | null;
}

const investor = alias(users, 'investor');
const requester = alias(users, 'requester');

/** An investor's requests, newest first (or one of them). */
export function listSignatureRequests(
  db: DbOrTx,
  userId: number,
  id?: number,
): Promise<SignatureRequestRow[]> {
  return db
    .select({
      request: signatureRequests,
      investor: { id: investor.id, name: investor.name, email: investor.email },
      requester_name: requester.name,
    })
    .from(signatureRequests)
    .innerJoin(investor, eq(investor.id, signatureRequests.user_id))
    .leftJoin(requester, eq(requester.id, signatureRequests.requested_by))
    .where(
      and(eq(signatureRequests.user_id, userId), id === undefined ? undefined : eq(signatureRequests.id, id)),
    )
    .orderBy(desc(signatureRequests.created_at), desc(signatureRequests.id));
}

/** The request locked while it is signed or cancelled, so it cannot be signed twice. */
export async function lockSignatureRequest(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(signatureRequests)
    .where(and(eq(signatureRequests.id, id), eq(signatureRequests.user_id, userId)))
    .for('update');
  return row;
}

export async function insertSignatureRequest(db: DbOrTx, values: typeof signatureRequests.$inferInsert) {
  const [row] = await db.insert(signatureRequests).values(values).returning();
  if (!row) throw new Error('insert into signature_requests returned no row');
  return row;
}

export async function updateSignatureRequest(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof signatureRequests.$inferInsert>,
) {
  await db
    .update(signatureRequests)
    .set({ ...patch, updated_at: new Date() })
    .where(eq(signatureRequests.id, id));
}

/** The documents of requests (source and signed), with their uploaders' names, by id. */
export async function documentsByIds(db: DbOrTx, ids: number[]): Promise<Map<number, DocumentRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ document: documents, uploader_name: users.name })
    .from(documents)
    .leftJoin(users, eq(users.id, documents.uploaded_by))
    .where(inArray(documents.id, ids));
  return new Map(rows.map((row) => [row.document.id, { ...row.document, uploader_name: row.uploader_name }]));
}

import type { SubjectType } from '@portico/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documents, users } from '../../db/schema';

export type DocumentRow = typeof documents.$inferSelect & { uploader_name: string | null };
export type NewDocument = typeof documents.$inferInsert;

const withUploader = (db: DbOrTx) =>
  db
    .select({ document: documents, uploader_name: users.name })
    .from(documents)
    .leftJoin(users, eq(users.id, documents.uploaded_by));

const flat = (
  rows: Array<{ document: typeof documents.$inferSelect; uploader_name: string | null }>,
): DocumentRow[] => rows.map((row) => ({ ...row.document, uploader_name: row.uploader_name }));

export async function listDocuments(
  db: DbOrTx,
  subjectType: SubjectType,
  subjectId: number,
  publicOnly = false,
) {
  return flat(
    await withUploader(db)
      .where(
        and(
          eq(documents.subject_type, subjectType),
          eq(documents.subject_id, subjectId),
          publicOnly ? eq(documents.visibility, 'public') : undefined,
        ),
      )
      .orderBy(desc(documents.created_at), desc(documents.id)),
  );
}

export async function findDocument(db: DbOrTx, subjectType: SubjectType, subjectId: number, id: number) {
  const rows = flat(
    await withUploader(db).where(
      and(eq(documents.id, id), eq(documents.subject_type, subjectType), eq(documents.subject_id, subjectId)),
    ),
  );
  return rows[0];
}

export async function insertDocuments(db: DbOrTx, rows: NewDocument[]) {
  return db.insert(documents).values(rows).returning();
}

export async function updateDocument(db: DbOrTx, id: number, patch: Partial<NewDocument>) {
  const [row] = await db.update(documents).set(patch).where(eq(documents.id, id)).returning();
  return row;
}

export async function deleteDocument(db: DbOrTx, id: number) {
  await db.delete(documents).where(eq(documents.id, id));
}

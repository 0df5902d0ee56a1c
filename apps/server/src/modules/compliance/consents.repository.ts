import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { consents, users } from '../../db/schema';

export type ConsentRow = { consent: typeof consents.$inferSelect; recorder_name: string | null };

/** The whole log of an investor's consents, newest first. */
export function listConsents(db: DbOrTx, userId: number): Promise<ConsentRow[]> {
  return db
    .select({ consent: consents, recorder_name: users.name })
    .from(consents)
    .leftJoin(users, eq(users.id, consents.recorded_by))
    .where(eq(consents.user_id, userId))
    .orderBy(desc(consents.created_at), desc(consents.id));
}

/** The log is append-only: there is no update or delete here, on purpose. */
export async function appendConsent(db: DbOrTx, values: typeof consents.$inferInsert) {
  const [row] = await db.insert(consents).values(values).returning();
  if (!row) throw new Error('insert into consents returned no row');
  return row;
}

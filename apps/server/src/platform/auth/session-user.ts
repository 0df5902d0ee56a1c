import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();
const prepare = (db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('session_user');

/** The signed-in user behind a session, or null when gone or deactivated. Runs on every request. */
export async function loadSessionUser(db: Db, userId: number): Promise<UserRow | null> {
  let statement = prepared.get(db);
  if (!statement) prepared.set(db, (statement = prepare(db)));
  const [user] = await statement.execute({ id: userId });
  return user && !user.deactivated_at ? user : null;
}

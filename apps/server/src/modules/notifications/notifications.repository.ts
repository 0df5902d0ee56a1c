import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { NotificationAudience } from '@portico/contracts';
import { rowsOf, type DbOrTx } from '../../db/client';
import { notifications, type NotificationRow } from '../../db/schema';

export const USER_MODEL = 'App\\Models\\User';

export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotifications(db: DbOrTx, rows: NewNotification[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  // in slices of 1,000: each statement well under PostgreSQL's 65,535 parameters
  const inserted: NotificationRow[] = [];
  for (let start = 0; start < rows.length; start += 1000)
    inserted.push(
      ...(await db
        .insert(notifications)
        .values(rows.slice(start, start + 1000))
        .returning()),
    );
  return inserted;
}

const mine = (userId: number, audience: NotificationAudience) =>
  and(
    eq(notifications.notifiable_type, USER_MODEL),
    eq(notifications.notifiable_id, userId),
    eq(notifications.audience, audience),
  );

export async function listNotifications(
  db: DbOrTx,
  userId: number,
  audience: NotificationAudience,
  options: { unreadOnly: boolean; limit: number },
) {
  return db
    .select()
    .from(notifications)
    .where(and(mine(userId, audience), options.unreadOnly ? isNull(notifications.read_at) : undefined))
    .orderBy(desc(notifications.created_at), desc(notifications.id))
    .limit(options.limit);
}

/** Marks one (or every) unread notification read; read_at is only ever set once. */
export async function markRead(db: DbOrTx, userId: number, audience: NotificationAudience, id?: string) {
  const now = new Date();
  return db
    .update(notifications)
    .set({ read_at: now, updated_at: now })
    .where(
      and(mine(userId, audience), isNull(notifications.read_at), id ? eq(notifications.id, id) : undefined),
    )
    .returning({ id: notifications.id });
}

export async function findNotification(
  db: DbOrTx,
  userId: number,
  audience: NotificationAudience,
  id: string,
) {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(mine(userId, audience), eq(notifications.id, id)));
  return row;
}

/** One notification for every active user the condition selects, in one statement. */
export async function insertForUsers(
  db: DbOrTx,
  values: { type: string; audience: NotificationAudience; data: NewNotification['data'] },
  userCondition: ReturnType<typeof sql>,
) {
  const result = await db.execute(sql`
    insert into notifications (type, notifiable_type, notifiable_id, audience, data)
    select ${values.type}, ${USER_MODEL}, users.id, ${values.audience}, ${JSON.stringify(values.data)}::jsonb
    from users
    where users.deactivated_at is null and (${userCondition})
    returning id, notifiable_id`);
  return rowsOf<{ id: string; notifiable_id: string | number }>(result).map((row) => ({
    id: row.id,
    userId: Number(row.notifiable_id),
  }));
}

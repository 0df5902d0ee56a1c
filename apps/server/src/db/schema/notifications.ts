import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** Laravel's notifications table (API-CONTRACT.md §3), with the audience the two endpoint families read. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    type: text('type').notNull(),
    notifiable_type: text('notifiable_type').notNull(),
    notifiable_id: bigint('notifiable_id', { mode: 'number' }).notNull(),
    audience: text('audience', { enum: ['user', 'admin'] }).notNull(),
    data: jsonb('data').$type<{ message: string; cta: string; icon: string }>().notNull(),
    read_at: timestamptz('read_at'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('notifications_notifiable_index').on(
      table.notifiable_type,
      table.notifiable_id,
      table.audience,
      table.created_at.desc(),
    ),
    index('notifications_unread_index')
      .on(table.notifiable_id, table.audience)
      .where(sql`${table.read_at} is null`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

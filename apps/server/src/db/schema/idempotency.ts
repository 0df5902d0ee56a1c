import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { reference, timestamptz } from './columns';
import { users } from './users';

/**
 * Idempotency-Key (platform/http/idempotency.ts, decision 019): one row per user and key, with the request
 * it answered (method, path, a hash of the body) and its first answer. In flight while `status_code` is
 * null; a key lasts 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    body_hash: text('body_hash').notNull(),
    status_code: integer('status_code'),
    response_body: text('response_body'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [table.user_id, table.key] }),
    index('idempotency_keys_created_index').on(table.created_at),
  ],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, reference, timestamptz } from './columns';
import { users } from './users';

export const IMPORT_KINDS = ['investors', 'contacts'] as const;
export const IMPORT_STATUSES = ['preview', 'running', 'completed', 'failed'] as const;

/** An upload of investors or contacts: mapped, previewed, then run with progress. */
export const imports = pgTable('imports', {
  id: id(),
  kind: text('kind', { enum: IMPORT_KINDS }).notNull(),
  status: text('status', { enum: IMPORT_STATUSES }).notNull().default('preview'),
  file_name: text('file_name').notNull(),
  storage_key: text('storage_key').notNull(),
  /** the file's column headings, in order */
  headers: jsonb('headers').$type<string[]>().notNull().default([]),
  /** our field → the file's column heading */
  mapping: jsonb('mapping').$type<Record<string, string>>(),
  total_rows: integer('total_rows').notNull().default(0),
  processed_rows: integer('processed_rows').notNull().default(0),
  created_count: integer('created_count').notNull().default(0),
  updated_count: integer('updated_count').notNull().default(0),
  failed_count: integer('failed_count').notNull().default(0),
  /** row number → what was wrong with it */
  row_errors: jsonb('row_errors')
    .$type<Array<{ row: number; errors: Record<string, string[]> }>>()
    .notNull()
    .default([]),
  error: text('error'),
  created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamptz('created_at').notNull().defaultNow(),
  finished_at: timestamptz('finished_at'),
});

import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, reference, timestamptz } from './columns';
import { users } from './users';

/*
 * WIP report snapshots (issue 19, migration 0030): a dated, frozen copy of the WIP report for an investment
 * committee meeting (the wip_report create action). The report is kept as it was answered, never recomputed.
 */
export const wipSnapshots = pgTable(
  'wip_snapshots',
  {
    id: id(),
    title: text('title').notNull(),
    /** the London date the report was of */
    as_of: date('as_of').notNull(),
    /** the WIP report (WipReport) as it stood */
    report: jsonb('report').notNull(),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('wip_snapshots_created_index').on(table.created_at, table.id),
    check('wip_snapshots_title_length', sql`char_length(btrim(${table.title})) between 1 and 200`),
  ],
);

export type WipSnapshotRow = typeof wipSnapshots.$inferSelect;

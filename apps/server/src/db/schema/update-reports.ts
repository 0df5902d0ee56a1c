import { UPDATE_REPORT_STATUSES } from '@portico/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, inList, reference, timestamps, timestamptz } from './columns';
import { funds } from './funds';
import { opportunities } from './investments';
import { users } from './users';

/*
 * Update reports (issue 19, decision 022, migration 0028): a rich-text update about one existing
 * investment, or general news (opportunity_id null). draft → (scheduled →) live → withdrawn; a live report
 * is corrected by a new version, never rewritten. update_report_versions is append-only (a trigger).
 */

export const updateReports = pgTable(
  'update_reports',
  {
    id: id(),
    title: text('title').notNull(),
    /** sanitised HTML (the allow-list of sanitise-body.ts); the live version's once published */
    body: text('body').notNull().default(''),
    opportunity_id: reference('opportunity_id').references(() => opportunities.id, { onDelete: 'cascade' }),
    /** a report about a fund (issue 20, migration 0034); at most one subject (a check) */
    fund_id: reference('fund_id').references(() => funds.id, { onDelete: 'cascade' }),
    status: text('status', { enum: UPDATE_REPORT_STATUSES }).notNull().default('draft'),
    /** when a scheduled report goes live */
    publish_at: timestamptz('publish_at'),
    published_at: timestamptz('published_at'),
    /** the latest correction's time */
    corrected_at: timestamptz('corrected_at'),
    withdrawn_at: timestamptz('withdrawn_at'),
    withdrawn_reason: text('withdrawn_reason'),
    /** the live version's number; 0 until published */
    version: integer('version').notNull().default(0),
    /** how many investors were notified on publication */
    recipients: integer('recipients'),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    updated_by: reference('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    index('update_reports_news_index').on(table.status, table.published_at.desc(), table.id.desc()),
    index('update_reports_opportunity_index').on(table.opportunity_id, table.published_at.desc()),
    index('update_reports_fund_index').on(table.fund_id, table.published_at.desc()),
    index('update_reports_due_index')
      .on(table.publish_at)
      .where(sql`${table.status} = 'scheduled'`),
    check('update_reports_status_known', sql`${table.status} in (${inList(UPDATE_REPORT_STATUSES)})`),
    check('update_reports_title_length', sql`char_length(btrim(${table.title})) between 1 and 200`),
    check('update_reports_version_positive', sql`${table.version} >= 0`),
    check(
      'update_reports_version_by_status',
      sql`(${table.status} in ('draft', 'scheduled')) = (${table.version} = 0)`,
    ),
    check(
      'update_reports_scheduled_has_time',
      sql`${table.status} <> 'scheduled' or ${table.publish_at} is not null`,
    ),
    check(
      'update_reports_live_published',
      sql`${table.status} not in ('live', 'withdrawn') or ${table.published_at} is not null`,
    ),
    check(
      'update_reports_withdrawn_reason',
      sql`${table.status} <> 'withdrawn' or (${table.withdrawn_at} is not null and char_length(btrim(coalesce(${table.withdrawn_reason}, ''))) > 0)`,
    ),
    check('update_reports_one_subject', sql`${table.opportunity_id} is null or ${table.fund_id} is null`),
    check('update_reports_recipients_positive', sql`${table.recipients} is null or ${table.recipients} >= 0`),
  ],
);

/** One row per publication (version 1) and correction: append-only (a trigger refuses update and delete). */
export const updateReportVersions = pgTable(
  'update_report_versions',
  {
    id: id(),
    report_id: reference('report_id')
      .notNull()
      .references(() => updateReports.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** why it was corrected (null for the first publication) */
    reason: text('reason'),
    published_at: timestamptz('published_at').notNull().defaultNow(),
    published_by: reference('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('update_report_versions_unique').on(table.report_id, table.version),
    check('update_report_versions_version_positive', sql`${table.version} >= 1`),
    check(
      'update_report_versions_reason_given',
      sql`${table.version} = 1 or char_length(btrim(coalesce(${table.reason}, ''))) > 0`,
    ),
  ],
);

/** Files attached to a report (while it is a draft), kept in the storage layer. */
export const updateReportAttachments = pgTable(
  'update_report_attachments',
  {
    id: id(),
    report_id: reference('report_id')
      .notNull()
      .references(() => updateReports.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    storage_key: text('storage_key').notNull(),
    mime_type: text('mime_type').notNull(),
    size: integer('size').notNull(),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('update_report_attachments_report_index').on(table.report_id),
    check('update_report_attachments_size_positive', sql`${table.size} > 0`),
  ],
);

/** When an investor first read a report. */
export const updateReportReads = pgTable(
  'update_report_reads',
  {
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    report_id: reference('report_id')
      .notNull()
      .references(() => updateReports.id, { onDelete: 'cascade' }),
    read_at: timestamptz('read_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'update_report_reads_pk', columns: [table.user_id, table.report_id] }),
    index('update_report_reads_report_index').on(table.report_id),
  ],
);

export type UpdateReportRow = typeof updateReports.$inferSelect;
export type UpdateReportVersionRow = typeof updateReportVersions.$inferSelect;
export type UpdateReportAttachmentRow = typeof updateReportAttachments.$inferSelect;

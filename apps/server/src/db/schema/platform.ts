import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, reference, timestamptz } from './columns';

/** The shared store's embedded engine: sessions, rate limits and flags (Redis replaces it). */
export const kvEntries = pgTable(
  'kv_entries',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    expires_at: timestamptz('expires_at'),
  },
  (table) => [index('kv_entries_expires_at_index').on(table.expires_at)],
);

export const kvSetMembers = pgTable(
  'kv_set_members',
  {
    key: text('key').notNull(),
    member: text('member').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.member] })],
);

export const MAIL_STATUSES = ['stored', 'queued', 'sent', 'failed'] as const;

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to_address: text('to_address').notNull(),
    /** where replies go (a support request replies to the investor) */
    reply_to: text('reply_to'),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body').notNull(),
    /** holds a secret link (password reset, invitation): hidden from staff once mail is really sent */
    sensitive: boolean('sensitive').notNull().default(false),
    status: text('status', { enum: MAIL_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** a node sending it holds it until then; another node may claim it once this has passed */
    claimed_until: timestamptz('claimed_until'),
    error: text('error'),
    sent_at: timestamptz('sent_at'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('mail_outbox_created_at_index').on(table.created_at),
    index('mail_outbox_pending_index')
      .on(table.id)
      .where(sql`${table.status} = 'queued'`),
  ],
);

export const JOB_ENGINES = ['pg-boss', 'in-process'] as const;

/** Background jobs that failed their last attempt (decision 034): what ran, with what, and why it failed. */
export const jobFailures = pgTable(
  'job_failures',
  {
    id: id(),
    job: text('job').notNull(),
    engine: text('engine', { enum: JOB_ENGINES }).notNull(),
    data: jsonb('data').notNull(),
    error: text('error').notNull(),
    attempts: integer('attempts').notNull(),
    failed_at: timestamptz('failed_at').notNull().defaultNow(),
  },
  (table) => [index('job_failures_failed_at_index').on(table.failed_at)],
);

/** Who changed what, before and after, written in the transaction of the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actor_id: reference('actor_id'),
    action: text('action').notNull(),
    subject_type: text('subject_type').notNull(),
    subject_id: reference('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    request_id: text('request_id'),
    ip: text('ip'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_subject_index').on(table.subject_type, table.subject_id, table.created_at),
    index('audit_log_actor_index').on(table.actor_id, table.created_at),
    // the firm's audit log, newest first (issue 21)
    index('audit_log_created_index').on(table.created_at, table.id),
  ],
);

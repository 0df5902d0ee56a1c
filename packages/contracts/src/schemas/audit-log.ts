import { z } from 'zod';
import { defineListQuery, paginatedSchema, type ListColumn } from '../list-query';
import { idSchema, timestampSchema } from './common';

/*
 * The firm's audit log (issue 21, SYSC 9 record keeping): every audit row of every kind, newest first, for
 * roles with the compliance permission. Rows of deleted records stay readable here.
 */

const snapshotSchema = z.record(z.string(), z.unknown()).nullable();

export const auditLogEntrySchema = z
  .object({
    id: idSchema,
    /** who did it; null for the platform itself (a job, a sign-up) */
    actor: z.object({ id: idSchema, name: z.string().nullable() }).nullable(),
    /** "fund.capital_call_issued" */
    action: z.string(),
    /** "fund", "investor", "branding" */
    subject_type: z.string(),
    subject_id: idSchema.nullable(),
    /** the action in words, as a record's timeline says it */
    description: z.string(),
    /** the values before and after (secrets never shown) */
    before: snapshotSchema,
    after: snapshotSchema,
    request_id: z.string().nullable(),
    ip: z.string().nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'AuditLogEntry' });
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogListSchema = paginatedSchema(auditLogEntrySchema.partial());

export const AUDIT_LOG_FIELDS = [
  'id',
  'actor',
  'action',
  'subject_type',
  'subject_id',
  'description',
  'before',
  'after',
  'request_id',
  'ip',
  'created_at',
] as const;

export const auditLogListQuery = defineListQuery({
  table: 'audit_log',
  filters: {
    /** the actor's user id */
    actor_id: 'exact',
    subject_type: 'exact',
    subject_id: 'exact',
    /** part of the action: "capital_call", "fund." */
    action: 'partial',
    /** "2026-01-01,2026-03-31", London days */
    created_between: 'scope',
  },
  sorts: ['created_at'],
  defaultSort: ['-created_at'],
  includes: [],
  fields: AUDIT_LOG_FIELDS,
  appends: [],
});

export const AUDIT_LOG_COLUMNS = [
  { key: 'created_at', label: 'When', default: true },
  { key: 'actor', label: 'Who', default: true },
  { key: 'description', label: 'What', default: true },
  { key: 'action', label: 'Action', default: true },
  { key: 'subject_type', label: 'Record type', default: true },
  { key: 'subject_id', label: 'Record id', default: true },
  { key: 'before', label: 'Before', default: false },
  { key: 'after', label: 'After', default: false },
  { key: 'ip', label: 'IP address', default: false },
  { key: 'request_id', label: 'Request id', default: false },
] as const satisfies ReadonlyArray<ListColumn<(typeof AUDIT_LOG_FIELDS)[number]>>;
export type AuditLogColumnKey = (typeof AUDIT_LOG_COLUMNS)[number]['key'];

/** The kinds of record the log holds rows about, for its filter. */
export const auditSubjectTypesSchema = z.array(z.object({ value: z.string(), label: z.string() }));

/** "pipeline_deal" → "Pipeline deal" */
export function auditSubjectLabel(type: string): string {
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

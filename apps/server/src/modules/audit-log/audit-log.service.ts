import {
  AUDIT_LOG_COLUMNS,
  auditLogListQuery,
  auditSubjectLabel,
  parseListQuery,
  type AuditLogColumnKey,
  type AuditLogEntry,
  type ExportFormat,
} from '@portico/contracts';
import type { AppContext } from '../../context';
import { EXPORT_CAP, exportRecords, type Cell } from '../../platform/export/table-export';
import { paginate, pickFields } from '../../platform/list-query/paginator';
import { toApiTimestamp } from '../../platform/time';
import { describeActivity } from '../activity/activity.describe';
import { auditLogRepository, subjectTypes, type AuditLogRow } from './audit-log.repository';

type Snapshot = Record<string, unknown> | null;

/** Keys whose values are secrets: never shown, whatever an operation wrote. */
const SECRET = /password|secret|token|two_factor|recovery/i;
const HIDDEN = '[hidden]';

/** A snapshot with its secrets hidden, at any depth; only plain objects are read. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>))
    out[key] = SECRET.test(key) && inner !== null ? HIDDEN : withoutSecrets(inner);
  return out;
}

const snapshot = (value: unknown): Snapshot =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (withoutSecrets(value) as Record<string, unknown>)
    : null;

function toEntry(row: AuditLogRow): AuditLogEntry {
  const before = snapshot(row.before);
  const after = snapshot(row.after);
  return {
    id: row.id,
    actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name },
    action: row.action,
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    description: describeActivity(row.action, before, after),
    before,
    after,
    request_id: row.request_id,
    ip: row.ip,
    created_at: toApiTimestamp(row.created_at),
  };
}

function cell(entry: AuditLogEntry, key: AuditLogColumnKey): Cell {
  switch (key) {
    case 'actor':
      return entry.actor ? (entry.actor.name ?? `User ${entry.actor.id} (deleted)`) : 'Platform';
    case 'before':
    case 'after':
      return entry[key] ? JSON.stringify(entry[key]) : '';
    case 'created_at':
      return entry.created_at;
    default:
      return entry[key] ?? '';
  }
}

/** The firm's audit log (issue 21): every row, filtered, a page at a time or as a file. */
export function createAuditLogService(ctx: AppContext) {
  const { db, workers } = ctx;
  return {
    listQuery: auditLogListQuery,

    async list(raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(auditLogListQuery, raw);
      const { rows, total } = await auditLogRepository.list(db, query);
      return paginate(
        rows.map((row) => pickFields(toEntry(row), query.fields)),
        total,
        query,
        requestUrl,
      );
    },

    async export(raw: Record<string, unknown>, format: ExportFormat, columns: string[]) {
      const query = parseListQuery(auditLogListQuery, raw);
      return exportRecords({
        workers,
        columns: AUDIT_LOG_COLUMNS,
        chosen: columns,
        batches: auditLogRepository.batches(db, query, EXPORT_CAP),
        present: (batch) => batch.map(toEntry),
        cell,
        format,
        sheetName: 'Audit log',
      });
    },

    async subjectTypes() {
      return (await subjectTypes(db)).map((value) => ({ value, label: auditSubjectLabel(value) }));
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;

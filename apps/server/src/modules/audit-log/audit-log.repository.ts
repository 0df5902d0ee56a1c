import { auditLogListQuery } from '@portico/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { exact, londonDaysBetween, partial, planned } from '../../platform/list-query/drizzle';
import { createRecordRepository } from '../../platform/records/record-repository';

export type AuditLogRow = typeof auditLog.$inferSelect & { actor_name: string | null };

/** The whole audit log; newest first by its time, which an index on (created_at, id) serves at any size. */
export const auditLogRepository = createRecordRepository({
  table: auditLog,
  binding: {
    spec: auditLogListQuery,
    filters: {
      actor_id: exact(auditLog.actor_id, 'int'),
      subject_type: exact(auditLog.subject_type),
      subject_id: exact(auditLog.subject_id, 'int'),
      action: partial(auditLog.action),
      created_between: londonDaysBetween(auditLog.created_at),
    },
    sorts: { created_at: auditLog.created_at },
    tiebreaker: auditLog.id,
  },
  rows: async (db, plan): Promise<AuditLogRow[]> => {
    const select = db
      .select({ row: auditLog, actor_name: users.name })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actor_id));
    const rows = await planned(select.$dynamic(), plan);
    return rows.map(({ row, actor_name }) => ({ ...row, actor_name }));
  },
});

/**
 * The kinds of record the log holds rows about, in order: a skip scan of the subject index (one probe a
 * kind, however many rows each has).
 */
export async function subjectTypes(db: DbOrTx): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive kinds(subject_type) as (
      (select subject_type from audit_log order by subject_type limit 1)
      union all
      select (select a.subject_type from audit_log a where a.subject_type > kinds.subject_type
              order by a.subject_type limit 1)
      from kinds where kinds.subject_type is not null
    )
    select subject_type from kinds where subject_type is not null`);
  return rowsOf<{ subject_type: string }>(result).map((row) => row.subject_type);
}

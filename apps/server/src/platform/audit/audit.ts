import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

/** Who acts, from which request: passed from a route to the service that records the change. */
export interface Actor {
  readonly userId: number | null;
  readonly requestId: string;
  readonly ip: string;
}

export interface AuditEntry {
  action: string;
  subjectType: string;
  subjectId: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

const SECRET_FIELDS = new Set(['password', 'remember_token', 'token', 'token_hash']);

function redact(values: Record<string, unknown> | null | undefined) {
  if (!values) return null;
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, SECRET_FIELDS.has(key) ? '[redacted]' : value]),
  );
}

/** Writes in the caller's transaction, so the change and its audit row stand or fall together. */
export async function recordAudit(db: DbOrTx, actor: Actor, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actor_id: actor.userId,
    action: entry.action,
    subject_type: entry.subjectType,
    subject_id: entry.subjectId,
    before: redact(entry.before),
    after: redact(entry.after),
    request_id: actor.requestId,
    ip: actor.ip,
  });
}

const BATCH = 1000;

/** Many audit rows in few statements (a capital call's line per investor), in the caller's transaction. */
export async function recordAudits(db: DbOrTx, actor: Actor, entries: readonly AuditEntry[]) {
  // in slices, each statement well under PostgreSQL's 65,535 parameters
  for (let start = 0; start < entries.length; start += BATCH)
    await db.insert(auditLog).values(
      entries.slice(start, start + BATCH).map((entry) => ({
        actor_id: actor.userId,
        action: entry.action,
        subject_type: entry.subjectType,
        subject_id: entry.subjectId,
        before: redact(entry.before),
        after: redact(entry.after),
        request_id: actor.requestId,
        ip: actor.ip,
      })),
    );
}

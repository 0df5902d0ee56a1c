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

/**
 * Bank details wherever a snapshot holds them (an investor's, an opportunity's, at any depth): kept
 * masked, never in clear and never left out, so the log shows that and roughly what changed.
 */
const BANK_FIELDS = new Set([
  'bank_sort_code',
  'bank_account_number',
  'bank_iban',
  'bank_swift',
  'sort_code',
  'account_number',
  'iban',
  'swift',
]);

const MASK = '••••';

/**
 * A bank detail masked but for its last four characters: "12345678" → "••••5678". Spaces and dashes
 * go first ("GB29 NWBK …" keeps its last four); the mask's width never tells the length, and a value of
 * four characters or fewer is masked whole.
 */
export function maskAccount(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const plain = value.replace(/[\s-]/g, '');
  if (plain === '') return '';
  return plain.length <= 4 ? MASK : `${MASK}${plain.slice(-4)}`;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

/** A snapshot with its bank details masked, at any depth (plain objects and arrays only). */
function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      BANK_FIELDS.has(key) && (typeof inner === 'string' || inner === null)
        ? maskAccount(inner)
        : masked(inner),
    ]),
  );
}

function redact(values: Record<string, unknown> | null | undefined) {
  if (!values) return null;
  const out = masked(values) as Record<string, unknown>;
  for (const key of Object.keys(out)) if (SECRET_FIELDS.has(key)) out[key] = '[redacted]';
  return out;
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

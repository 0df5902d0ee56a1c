/**
 * Whether an error means a dependency (PostgreSQL, Redis) is out of reach for now: a restart, a
 * failover, a dropped connection, a full pool. Such a request answers 503 with Retry-After, never 500.
 */

/** SQLSTATEs of a server that is going away or not yet there: class 08 (connection), shutdowns, start-up. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** What pg, pg-pool and ioredis say when their connection is gone (they give no code). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
  'Connection is closed.',
  "Stream isn't writeable",
  'Reached the max retries per request limit',
];

function unavailable(error: object): boolean {
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return true;
    if (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  }
  if (name === 'MaxRetriesPerRequestError') return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.startsWith(text));
}

/** True when this error, or one it wraps (drizzle wraps the driver's in `cause`), is an outage. */
export function isDependencyUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current instanceof Object && !seen.has(current);) {
    seen.add(current);
    if (unavailable(current)) return true;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    // AggregateError: a connect to every address of a host failed.
    if (Array.isArray(errors) && errors.some((inner) => isDependencyUnavailable(inner))) return true;
    current = cause;
  }
  return false;
}

import pg from 'pg';
import type { WarnLog } from '../platform/logging';

/** How long a request waits for a free connection before it answers 503 rather than hanging. */
const CONNECT_TIMEOUT_MS = 5_000;

type Release = (error?: Error | boolean) => void;

/**
 * A pg pool whose connection failures are answers (503s), never a dead process. A connection checked
 * out of the pool survives its server going away (a restart, a failover, pg_terminate_backend):
 * - pg emits `error` on a checked-out client, and with no listener that ends the process. Every client
 *   gets one the moment it is checked out (the pool's `acquire`), not once the caller's promise
 *   resolves: the same socket read that hands a released client to the next caller may carry the
 *   server's "terminating connection" right behind it, before any promise callback runs.
 * - a client checked out for a transaction (drizzle uses the promise form only for that) is released
 *   to the pool with its error as soon as it is lost, so the pool drops it: drizzle never releases a
 *   client whose `begin` failed, and each such client would be lost to the pool until every request
 *   waited forever. Its own release later does nothing. pool.query (the callback form) releases its
 *   client on error itself.
 */
export function createPostgresPool(options: {
  url: string;
  max: number;
  log?: WarnLog | undefined;
  connectTimeoutMs?: number;
}) {
  const { log } = options;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max,
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
  });
  /** checked-out clients: what their error listener is, and the release to call when they are lost */
  const checkedOut = new Map<
    pg.PoolClient,
    { onError: (error: Error) => void; lost?: Error; release?: Release }
  >();

  pool.on('acquire', (client) => {
    const entry: { onError: (error: Error) => void; lost?: Error; release?: Release } = {
      onError: (error) => {
        if (entry.lost) return;
        entry.lost = error;
        log?.warn({ err: error }, 'database connection lost while in use; the pool drops it');
        entry.release?.(error);
      },
    };
    checkedOut.set(client, entry);
    client.on('error', entry.onError);
  });
  pool.on('release', (_error, client) => {
    const entry = checkedOut.get(client);
    if (entry) client.removeListener('error', entry.onError);
    checkedOut.delete(client);
  });
  // An idle connection the server closes is replaced, not fatal.
  pool.on('error', (error) => log?.warn({ err: error }, 'idle database connection lost'));

  /** The promise form's client: released at most once, and at once if its connection is lost. */
  function guard(client: pg.PoolClient) {
    const release: Release = client.release.bind(client);
    let released = false;
    const releaseOnce: Release = (error) => {
      if (released) return;
      released = true;
      release(error);
    };
    client.release = releaseOnce;
    const entry = checkedOut.get(client);
    if (entry) {
      entry.release = releaseOnce;
      if (entry.lost) releaseOnce(entry.lost);
    }
    return client;
  }

  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient>;
  Object.assign(pool, {
    connect: (callback?: unknown) => (callback === undefined ? connect().then(guard) : connect(callback)),
  });
  return pool;
}

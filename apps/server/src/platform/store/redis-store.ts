import { Redis, type RedisOptions } from 'ioredis';
import type { WarnLog } from '../logging';
import type { SharedStore } from './shared-store';

/**
 * A Redis client that outlives a Redis restart: a command waits through a few reconnection attempts
 * (about 0.3 s), then fails (the request answers 503); reconnection goes on in the background, at most
 * 2 s apart, so the node serves again within seconds of Redis coming back.
 */
export function createRedisClient(url: string, name: string, log?: WarnLog, options: RedisOptions = {}) {
  const client = new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: 3,
    retryStrategy: (attempt) => Math.min(attempt * 50, 2_000),
    ...options,
  });
  let reported = false;
  client.on('error', (error: Error) => {
    // One line an outage, not one a reconnection attempt.
    if (!reported) log?.warn({ err: error, client: name }, 'Redis connection lost; reconnecting');
    reported = true;
  });
  client.on('ready', () => {
    reported = false;
  });
  return client;
}

/** A MULTI's replies, or the first error among them (exec answers null when the transaction did not run). */
function replies(results: Array<[Error | null, unknown]> | null): unknown[] {
  if (!results) throw new Error('Connection is closed.');
  return results.map(([error, value]) => {
    if (error) throw error;
    return value;
  });
}

export function createRedisStore(
  url: string,
  prefix = 'portico:',
  log?: WarnLog,
): SharedStore & { readonly client: Redis } {
  const client = createRedisClient(url, 'portico-store', log, { keyPrefix: prefix });
  return {
    engine: 'redis',
    client,
    get: (key) => client.get(key),
    async set(key, value, ttlSeconds) {
      if (ttlSeconds === undefined) await client.set(key, value);
      else await client.set(key, value, 'EX', ttlSeconds);
    },
    async delete(...keys) {
      if (keys.length > 0) await client.del(...keys);
    },
    async increment(key, ttlSeconds) {
      const [count, , ttl] = replies(
        await client.multi().incr(key).expire(key, ttlSeconds, 'NX').ttl(key).exec(),
      ) as [number, number, number];
      return { count, ttlSeconds: ttl > 0 ? ttl : ttlSeconds };
    },
    async counter(key) {
      const [value, ttl] = replies(await client.multi().get(key).ttl(key).exec()) as [string | null, number];
      return value === null ? null : { count: Number(value), ttlSeconds: Math.max(ttl, 0) };
    },
    async setAdd(key, member) {
      await client.sadd(key, member);
    },
    async setRemove(key, member) {
      await client.srem(key, member);
    },
    setMembers: (key) => client.smembers(key),
    prune: async () => 0,
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

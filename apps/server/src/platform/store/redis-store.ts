import { Redis } from 'ioredis';
import type { SharedStore } from './shared-store';

export function createRedisStore(url: string, prefix = 'portico:'): SharedStore & { readonly client: Redis } {
  const client = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 3, lazyConnect: false });
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
      const [[, count], , [, ttl]] = (await client
        .multi()
        .incr(key)
        .expire(key, ttlSeconds, 'NX')
        .ttl(key)
        .exec()) as [[null, number], [null, number], [null, number]];
      return { count, ttlSeconds: ttl > 0 ? ttl : ttlSeconds };
    },
    async counter(key) {
      const [[, value], [, ttl]] = (await client.multi().get(key).ttl(key).exec()) as [
        [null, string | null],
        [null, number],
      ];
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
      await client.quit();
    },
  };
}

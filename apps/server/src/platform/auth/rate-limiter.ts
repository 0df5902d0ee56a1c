import type { SharedStore } from '../store/shared-store';

/** Laravel's RateLimiter: count attempts in a decaying window per key. */
export function createRateLimiter(store: SharedStore) {
  const key = (name: string) => `rate:${name}`;
  return {
    /** Seconds until the key may try again, or 0 when it may now. */
    async retryAfter(name: string, maxAttempts: number): Promise<number> {
      const counter = await store.counter(key(name));
      return counter && counter.count >= maxAttempts ? counter.ttlSeconds : 0;
    },
    async hit(name: string, decaySeconds: number) {
      return store.increment(key(name), decaySeconds);
    },
    async clear(name: string) {
      await store.delete(key(name));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * State that every node must see alike: sessions, rate-limit counters, the maintenance flag.
 * The embedded engine is the database; with REDIS_URL it is Redis (ARCHITECTURE.md).
 */
export interface SharedStore {
  readonly engine: 'database' | 'redis';
  get(key: string): Promise<string | null>;
  /** ttlSeconds undefined keeps the value until deleted */
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  delete(...keys: string[]): Promise<void>;
  /** Adds one; a new or expired key starts a window of ttlSeconds. Answers the count and the seconds left. */
  increment(key: string, ttlSeconds: number): Promise<{ count: number; ttlSeconds: number }>;
  /** The count and seconds left of a counter, or null when there is none. */
  counter(key: string): Promise<{ count: number; ttlSeconds: number } | null>;
  setAdd(key: string, member: string): Promise<void>;
  setRemove(key: string, member: string): Promise<void>;
  setMembers(key: string): Promise<string[]>;
  /** Drops expired entries (Redis expires keys itself). */
  prune(): Promise<number>;
  close(): Promise<void>;
}

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database';
import { createDatabaseStore } from './database-store';
import { createRedisStore } from './redis-store';
import type { SharedStore } from './shared-store';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** CI sets TEST_REDIS_URL and then Redis must answer; elsewhere the Redis engine runs when Redis is there. */
const REDIS_REQUIRED = process.env.TEST_REDIS_URL !== undefined;

async function redisAvailable() {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const engines: Array<{
  name: string;
  open: () => Promise<{ store: SharedStore; close: () => Promise<void> }>;
}> = [
  {
    name: 'database',
    async open() {
      const database = await openTestDatabase();
      return { store: createDatabaseStore(database.db), close: () => database.drop() };
    },
  },
  {
    name: 'redis',
    async open() {
      const store = createRedisStore(REDIS_URL, `portico-test-${Date.now()}-${Math.random()}:`);
      return { store, close: () => store.close() };
    },
  },
];

describe.each(engines)('the shared store on $name', ({ name, open }) => {
  let store: SharedStore;
  let close: () => Promise<void>;
  let skip = false;

  beforeAll(async () => {
    if (name === 'redis' && !(await redisAvailable())) {
      if (REDIS_REQUIRED) throw new Error(`TEST_REDIS_URL is set but Redis does not answer at ${REDIS_URL}`);
      skip = true;
      return;
    }
    ({ store, close } = await open());
  });
  afterAll(async () => {
    if (!skip) await close();
  });

  it('sets, reads, expires and deletes values', async ({ skip: skipTest }) => {
    if (skip) skipTest();
    await store.set('a', 'one');
    expect(await store.get('a')).toBe('one');
    await store.set('a', 'two', 60);
    expect(await store.get('a')).toBe('two');
    await store.set('gone', 'soon', 1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await store.get('gone')).toBeNull();
    await store.delete('a');
    expect(await store.get('a')).toBeNull();
  });

  it('counts in windows that restart once expired', async ({ skip: skipTest }) => {
    if (skip) skipTest();
    expect(await store.counter('hits')).toBeNull();
    expect((await store.increment('hits', 60)).count).toBe(1);
    const second = await store.increment('hits', 60);
    expect(second.count).toBe(2);
    expect(second.ttlSeconds).toBeGreaterThan(55);
    expect((await store.counter('hits'))?.count).toBe(2);
    await store.increment('short', 1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await store.increment('short', 1)).count).toBe(1);
  });

  it('counts concurrent increments exactly', async ({ skip: skipTest }) => {
    if (skip) skipTest();
    await Promise.all(Array.from({ length: 20 }, () => store.increment('race', 60)));
    expect((await store.counter('race'))?.count).toBe(20);
  });

  it('keeps sets', async ({ skip: skipTest }) => {
    if (skip) skipTest();
    await store.setAdd('s', 'x');
    await store.setAdd('s', 'y');
    await store.setAdd('s', 'x');
    expect((await store.setMembers('s')).sort()).toEqual(['x', 'y']);
    await store.setRemove('s', 'x');
    expect(await store.setMembers('s')).toEqual(['y']);
  });
});

describe('sessions with REDIS_URL', () => {
  it('sign in, end other sessions on a password change, and sign out, all on Redis', async ({
    skip: skipTest,
  }) => {
    if (!(await redisAvailable())) {
      if (REDIS_REQUIRED) throw new Error(`TEST_REDIS_URL is set but Redis does not answer at ${REDIS_URL}`);
      skipTest();
    }
    const { createTestApp } = await import('../../test/test-app');
    const { createUser, TEST_PASSWORD } = await import('../../test/factories');
    const t = await createTestApp({ REDIS_URL });
    try {
      expect(t.ctx.store.engine).toBe('redis');
      const user = await createUser(t.ctx.db);
      const here = await t.as(user);
      const there = await t.as(user);
      expect((await there.get('/api/user')).statusCode).toBe(200);
      const changed = await here.post('/api/auth/update-password', {
        current_password: TEST_PASSWORD,
        password: 'a redis-backed password',
        password_confirmation: 'a redis-backed password',
      });
      expect(changed.statusCode).toBe(200);
      expect((await there.get('/api/user')).statusCode).toBe(401);
      expect((await here.get('/api/user')).statusCode).toBe(200);
      expect((await here.post('/logout')).statusCode).toBe(204);
      expect((await here.get('/api/user')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

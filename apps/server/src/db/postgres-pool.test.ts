import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPostgresPool } from './postgres-pool';

const pools: pg.Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

function pool() {
  const log = { warn: vi.fn() };
  // Nothing connects: the pool's own events are driven by hand.
  const created = createPostgresPool({ url: 'postgres://nobody@127.0.0.1:1/none', max: 1, log });
  pools.push(created);
  return { pool: created, log };
}

describe('the PostgreSQL pool', () => {
  it('listens for a checked-out client’s error from the moment it is handed out', () => {
    const { pool: created, log } = pool();
    const client = new EventEmitter();
    // pg-pool emits `acquire` in the same turn as it hands the client on: an error read from the
    // same socket chunk comes before any promise callback could add a listener.
    created.emit('acquire', client);
    expect(() => client.emit('error', new Error('terminating connection'))).not.toThrow();
    expect(log.warn).toHaveBeenCalledTimes(1);
    // Back in the pool, the pool's own idle listener takes over.
    created.emit('release', undefined, client);
    expect(client.listenerCount('error')).toBe(0);
  });

  it('refuses at once when the server is down, rather than waiting for a connection', async () => {
    const { pool: created } = pool();
    await expect(created.connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

import { EventEmitter } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDependencyUnavailable } from '../platform/http/unavailable';
import { createPostgresPool } from './postgres-pool';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

function pool(url = 'postgres://nobody@127.0.0.1:1/none', connectTimeoutMs?: number) {
  const log = { warn: vi.fn() };
  const created: pg.Pool = createPostgresPool({ url, max: 1, log, connectTimeoutMs });
  cleanups.push(() => created.end());
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

  it('gives up on a server that accepts and never answers, with an error that reads as an outage', async () => {
    // pg waits forever by default: a request would hang instead of answering 503.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const { port } = silent.address() as AddressInfo;
    const { pool: created } = pool(`postgres://nobody@127.0.0.1:${port}/none`, 200);
    const error: unknown = await created.connect().then(
      () => new Error('connected'),
      (refused: unknown) => refused,
    );
    expect(isDependencyUnavailable(error), String(error)).toBe(true);
  });
});

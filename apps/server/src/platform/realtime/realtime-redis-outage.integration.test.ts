import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signChannel } from './pusher-server';

/**
 * Issue 22: a node that loses Redis for a few seconds recovers its subscriptions without a restart.
 * Two nodes reach Redis through one proxy; Redis "restarts" (the proxy refuses every connection for
 * three seconds); a broadcast made on node A after it is back reaches a socket connected to node B.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CHANNEL = 'private-App.Models.User.4242';

let proxy: TcpProxy;
let nodeA: TestApp;
let nodeB: TestApp;
beforeAll(async () => {
  proxy = await createTcpProxy(REDIS_URL);
  const redisUrl = proxy.through(REDIS_URL);
  nodeA = await createTestApp({ REDIS_URL: redisUrl });
  nodeB = await createTestApp({ REDIS_URL: redisUrl }, { shareDatabaseWith: nodeA });
});
afterAll(async () => {
  // node B first: it shares node A's database; TestApp does not close its store
  await nodeB.close();
  await nodeA.close();
  await proxy.close();
});

/** A browser's socket on a node, subscribed to CHANNEL, recording the `tick` events it hears. */
async function listenOn(node: TestApp) {
  await node.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = node.app.server.address() as AddressInfo;
  const { PUSHER_APP_KEY: key, PUSHER_APP_SECRET: secret } = node.ctx.config;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.4.0`);
  const ticks: number[] = [];
  const subscribed = new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString('utf8')) as { event: string; data: string };
      const data = JSON.parse(frame.data) as { socket_id?: string; tick?: number };
      if (frame.event === 'pusher:connection_established' && data.socket_id)
        socket.send(
          JSON.stringify({
            event: 'pusher:subscribe',
            data: { channel: CHANNEL, auth: signChannel({ key, secret }, data.socket_id, CHANNEL) },
          }),
        );
      else if (frame.event === 'pusher_internal:subscription_succeeded') resolve();
      else if (frame.event === 'tick' && typeof data.tick === 'number') ticks.push(data.tick);
    });
  });
  await subscribed;
  return { socket, ticks };
}

/**
 * Broadcasts numbered ticks from `node` until the socket hears one numbered from `first` on, or the
 * time runs out: the nodes' clients reconnect at most 2 s apart, so a tick may be lost meanwhile.
 */
async function tickUntilHeard(node: TestApp, ticks: number[], first: number, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (let tick = first; Date.now() < deadline; tick += 1) {
    await node.ctx.realtime.broadcast(CHANNEL, 'tick', { tick });
    await sleep(100);
    const heard = ticks.find((candidate) => candidate >= first);
    if (heard !== undefined) return heard;
  }
  return undefined;
}

describe('a Redis restart under two nodes', () => {
  // Not a timing bound: the outage alone is three seconds, and both nodes reconnect at most 2 s apart.
  it(
    'a broadcast made on node A after Redis is back reaches a socket on node B, neither restarted',
    { timeout: 60_000 },
    async () => {
      const { socket, ticks } = await listenOn(nodeB);
      try {
        // Before: node A's broadcasts cross to node B.
        expect(await tickUntilHeard(nodeA, ticks, 0)).toBeGreaterThanOrEqual(0);

        // Redis goes for three seconds or more: every connection of both nodes is cut, none may open.
        proxy.down();
        await sleep(1_000);
        const during = ticks.length;
        // A broadcast meanwhile is logged, never thrown (its writes are done), and cannot cross.
        await expect(nodeA.ctx.realtime.broadcast(CHANNEL, 'tick', { tick: 999 })).resolves.toBeUndefined();
        await sleep(2_000);
        expect(ticks.length).toBe(during);
        expect(ticks).not.toContain(999);
        proxy.up();

        // After: ticks numbered from 1000 were all broadcast after Redis came back.
        const heard = await tickUntilHeard(nodeA, ticks, 1_000);
        expect(heard).toBeGreaterThanOrEqual(1_000);
        // The socket itself never dropped: node B recovered its subscription, not the browser.
        expect(socket.readyState).toBe(WebSocket.OPEN);
        expect(nodeB.ctx.realtime.subscriberCount(CHANNEL)).toBe(1);
      } finally {
        socket.close();
      }
    },
  );
});

import type { AddressInfo } from 'node:net';
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { UserRow } from '../../db/schema';
import { NOTIFICATION_EVENT, ROLES } from '@portico/contracts';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { userChannel } from './channels';

let t: TestApp;
let port: number;
let user: UserRow;
let other: UserRow;
let agent: Agent;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  user = await createUser(t.ctx.db);
  other = await createUser(t.ctx.db);
  agent = await t.as(user);
});
afterAll(() => t.close());

/** pusher-js in Node, authorising channels through the real endpoint with the user's session. */
function pusherFor(as: Agent, form = true) {
  return new Pusher(t.ctx.config.PUSHER_APP_KEY, {
    cluster: 'local',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      endpoint: '/broadcasting/auth',
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) => {
        const body = { socket_id: socketId, channel_name: channelName };
        const sent = form
          ? as.post('/broadcasting/auth', new URLSearchParams(body).toString(), {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            })
          : as.post('/api/broadcasting/auth', body);
        void sent.then((response) =>
          response.statusCode === 200
            ? callback(null, JSON.parse(response.body) as { auth: string })
            : callback(new Error(`status ${response.statusCode}`), null),
        );
      },
    },
  });
}

const waitFor = <T>(register: (resolve: (value: T) => void) => void, ms = 5000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });

/** Polls until the probe returns a value. */
const until = <T>(probe: () => T | undefined | false, ms = 5000) =>
  waitFor<T>((resolve) => {
    const check = setInterval(() => {
      const value = probe();
      if (value !== undefined && value !== false) {
        clearInterval(check);
        resolve(value);
      }
    }, 10);
  }, ms);

describe('realtime over the Pusher protocol', () => {
  it('connects pusher-js and delivers a broadcast on the user’s private channel', async () => {
    const pusher = pusherFor(agent);
    try {
      const channel = pusher.subscribe(userChannel(user.id));
      await waitFor<void>((resolve) => channel.bind('pusher:subscription_succeeded', () => resolve()));
      const received = waitFor<Record<string, unknown>>((resolve) => channel.bind('greeting', resolve));
      await t.ctx.realtime.broadcast(userChannel(user.id), 'greeting', { message: 'Hello **you**' });
      expect(await received).toEqual({ message: 'Hello **you**' });
    } finally {
      pusher.disconnect();
    }
  });

  it('lets laravel-echo’s .notification() receive a notification event', async () => {
    const echo = new Echo({
      broadcaster: 'pusher',
      key: t.ctx.config.PUSHER_APP_KEY,
      Pusher,
      client: pusherFor(agent, false),
    });
    try {
      const channel = echo.private(`App.Models.User.${user.id}`);
      await waitFor<void>((resolve) => channel.subscribed(() => resolve()));
      const received = waitFor<Record<string, unknown>>((resolve) => channel.notification(resolve));
      await t.ctx.realtime.broadcast(userChannel(user.id), NOTIFICATION_EVENT, {
        message: 'New report',
        id: 'abc',
        type: 'App\\Notifications\\ReportPublished',
        socket: null,
      });
      expect(await received).toMatchObject({ message: 'New report', id: 'abc' });
    } finally {
      echo.disconnect();
    }
  });

  it('refuses a subscription to another user’s channel', async () => {
    const pusher = pusherFor(agent);
    try {
      const channel = pusher.subscribe(userChannel(other.id));
      const error = await waitFor<{ type: string; status: number }>((resolve) =>
        channel.bind('pusher:subscription_error', resolve),
      );
      expect(error.type).toBe('AuthError');
      const direct = await agent.post('/broadcasting/auth', {
        socket_id: '1.1',
        channel_name: userChannel(other.id),
      });
      expect(direct.statusCode).toBe(403);
    } finally {
      pusher.disconnect();
    }
  });

  it('authorises nobody without a session (401)', async () => {
    const visitor = t.agent();
    await visitor.csrfCookie();
    const response = await visitor.post('/broadcasting/auth', {
      socket_id: '1.1',
      channel_name: userChannel(user.id),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the raw protocol', () => {
  const open = (path: string) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`);
    const frames: Array<{ event: string; channel?: string; data: string }> = [];
    socket.on('message', (raw: Buffer) =>
      frames.push(JSON.parse(raw.toString('utf8')) as (typeof frames)[number]),
    );
    return { socket, frames };
  };
  const closeCode = (socket: WebSocket) =>
    waitFor<number>((resolve) => socket.on('close', (code) => resolve(code)));

  it('closes with 4001 for an unknown key, 4008 without a protocol and 4007 for another one', async () => {
    expect(await closeCode(open('/app/wrong-key?protocol=7').socket)).toBe(4001);
    expect(await closeCode(open(`/app/${t.ctx.config.PUSHER_APP_KEY}`).socket)).toBe(4008);
    expect(await closeCode(open(`/app/${t.ctx.config.PUSHER_APP_KEY}?protocol=5`).socket)).toBe(4007);
  });

  it('establishes with a socket id and activity timeout, answers ping, refuses a forged signature and client events', async () => {
    const { socket, frames } = open(`/app/${t.ctx.config.PUSHER_APP_KEY}?protocol=7&client=js&version=8.4.0`);
    await waitFor<void>((resolve) => socket.on('open', () => resolve()));
    await until(() => frames.length > 0);
    const established = JSON.parse(frames[0]?.data ?? '{}') as {
      socket_id: string;
      activity_timeout: number;
    };
    expect(frames[0]?.event).toBe('pusher:connection_established');
    expect(established.socket_id).toMatch(/^\d+\.\d+$/);
    expect(established.activity_timeout).toBe(120);

    const next = (event: string) => until(() => frames.find((candidate) => candidate.event === event));
    socket.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    expect((await next('pusher:pong')).event).toBe('pusher:pong');
    socket.send(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel: userChannel(user.id), auth: `${t.ctx.config.PUSHER_APP_KEY}:forged` },
      }),
    );
    const refused = await next('pusher:subscription_error');
    expect(JSON.parse(refused.data)).toMatchObject({ type: 'AuthError', status: 401 });
    socket.send(JSON.stringify({ event: 'client-typing', channel: 'public', data: {} }));
    expect(JSON.parse((await next('pusher:error')).data)).toMatchObject({ code: 4301 });
    socket.close();
  });
});

describe('scale-out over Redis', () => {
  it('delivers a notification created through one node’s API to a browser connected to another', async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const nodeA = await createTestApp({ REDIS_URL: redisUrl });
    const nodeB = await createTestApp({ REDIS_URL: redisUrl }, { shareDatabaseWith: nodeA });
    try {
      await nodeB.app.listen({ port: 0, host: '127.0.0.1' });
      const portB = (nodeB.app.server.address() as AddressInfo).port;
      const investor = await createUser(nodeA.ctx.db);
      const admin = await nodeA.as(await createStaff(nodeA.ctx.db, ROLES.SUPER_ADMIN));
      // The investor signs in on node A; sessions live in Redis, so node B knows them too.
      const signedIn = await nodeA.as(investor);
      const onB = nodeB.agent();
      for (const [name, value] of signedIn.cookies) onB.cookies.set(name, value);

      const pusher = new Pusher(nodeB.ctx.config.PUSHER_APP_KEY, {
        cluster: 'local',
        wsHost: '127.0.0.1',
        wsPort: portB,
        forceTLS: false,
        enabledTransports: ['ws'],
        channelAuthorization: {
          endpoint: '/api/broadcasting/auth',
          transport: 'ajax',
          customHandler: ({ socketId, channelName }, callback) => {
            void onB
              .post('/api/broadcasting/auth', { socket_id: socketId, channel_name: channelName })
              .then((response) =>
                response.statusCode === 200
                  ? callback(null, JSON.parse(response.body) as { auth: string })
                  : callback(new Error(`status ${response.statusCode}`), null),
              );
          },
        },
      });
      try {
        const channel = pusher.subscribe(userChannel(investor.id));
        await waitFor<void>((resolve) => channel.bind('pusher:subscription_succeeded', () => resolve()));
        const received = waitFor<Record<string, unknown>>((resolve) =>
          channel.bind(NOTIFICATION_EVENT, resolve),
        );
        const sent = await admin.post('/api/notifications/send', {
          recipients: 'users',
          user_ids: [investor.id],
          message: 'From **node A**',
        });
        expect(sent.statusCode).toBe(202);
        expect(await received).toMatchObject({ message: 'From **node A**' });
      } finally {
        pusher.disconnect();
      }
    } finally {
      await nodeB.close();
      await nodeA.close();
    }
  });
});

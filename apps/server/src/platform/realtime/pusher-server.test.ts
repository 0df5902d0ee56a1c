import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createLocalFanout } from './fanout';
import { createPusherServer, signChannel, type PusherApp, type PusherServer } from './pusher-server';

/**
 * Issue 22: a broadcast reaches a channel's subscribers by looking the channel up, and the lookup
 * forgets a socket when it unsubscribes or closes. A socket here is the part of `ws` the server uses.
 */

const app: PusherApp = { key: 'unit-key', secret: 'unit-secret-at-least-16' };

interface Frame {
  event: string;
  channel?: string;
  data: string;
}

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  readonly frames: Frame[] = [];
  closedWith: number | undefined;

  send(data: string | Buffer) {
    this.frames.push(JSON.parse(data.toString()) as Frame);
  }

  close(code?: number) {
    if (this.readyState !== this.OPEN) return;
    this.readyState = 3;
    this.closedWith = code;
    this.emit('close', code);
  }

  /** a frame from the client, as `ws` hands it over */
  receive(frame: unknown) {
    this.emit('message', Buffer.from(JSON.stringify(frame)));
  }

  get socketId() {
    const established = this.frames.find((frame) => frame.event === 'pusher:connection_established');
    return (JSON.parse(established?.data ?? '{}') as { socket_id: string }).socket_id;
  }

  events(name: string) {
    return this.frames.filter((frame) => frame.event === name);
  }
}

let server: PusherServer;
afterEach(() => server.close());

function start() {
  const fanout = createLocalFanout();
  server = createPusherServer(app, fanout);
  const connect = () => {
    const socket = new FakeSocket();
    server.accept(socket as unknown as WebSocket, app.key, '7');
    return socket;
  };
  const subscribe = (socket: FakeSocket, channel: string) =>
    socket.receive({
      event: 'pusher:subscribe',
      data: channel.startsWith('private-')
        ? { channel, auth: signChannel(app, socket.socketId, channel) }
        : { channel },
    });
  return { connect, subscribe };
}

describe('delivery by channel', () => {
  it('sends a broadcast to the channel’s subscribers only, once each, except the excluded socket', async () => {
    const { connect, subscribe } = start();
    const [alice, bob, carol, idle] = [connect(), connect(), connect(), connect()];
    subscribe(alice, 'private-App.Models.User.1');
    subscribe(bob, 'private-App.Models.User.1');
    subscribe(carol, 'private-App.Models.User.2');
    // subscribing twice to one channel is one subscription
    subscribe(alice, 'private-App.Models.User.1');
    expect(server.subscriberCount('private-App.Models.User.1')).toBe(2);

    await server.broadcast('private-App.Models.User.1', 'greeting', { message: 'hello' });
    await server.broadcast('private-App.Models.User.1', 'greeting', { message: 'not to Bob' }, bob.socketId);
    await server.broadcast('private-App.Models.User.3', 'greeting', { message: 'nobody' });

    const greetings = (socket: FakeSocket) =>
      socket.events('greeting').map((frame) => [frame.channel, JSON.parse(frame.data) as unknown]);
    expect(greetings(alice)).toEqual([
      ['private-App.Models.User.1', { message: 'hello' }],
      ['private-App.Models.User.1', { message: 'not to Bob' }],
    ]);
    expect(greetings(bob)).toEqual([['private-App.Models.User.1', { message: 'hello' }]]);
    expect(greetings(carol)).toEqual([]);
    expect(greetings(idle)).toEqual([]);
  });

  it('delivers every message of a batch to its own channel', async () => {
    const { connect, subscribe } = start();
    const sockets = Array.from({ length: 5 }, connect);
    sockets.forEach((socket, index) => subscribe(socket, `private-App.Models.User.${index}`));
    await server.broadcastMany(
      sockets.map((_, index) => ({
        channel: `private-App.Models.User.${index}`,
        event: 'count',
        data: { index },
      })),
    );
    sockets.forEach((socket, index) =>
      expect(socket.events('count').map((frame) => JSON.parse(frame.data) as unknown)).toEqual([{ index }]),
    );
  });
});

describe('leaving a channel', () => {
  it('unsubscribing stops delivery and removes the channel once its last subscriber leaves', async () => {
    const { connect, subscribe } = start();
    const [alice, bob] = [connect(), connect()];
    subscribe(alice, 'private-App.Models.User.1');
    subscribe(bob, 'private-App.Models.User.1');
    subscribe(alice, 'private-App.Models.User.2');
    expect(server.channelCount()).toBe(2);

    alice.receive({ event: 'pusher:unsubscribe', data: { channel: 'private-App.Models.User.1' } });
    expect(server.subscriberCount('private-App.Models.User.1')).toBe(1);
    await server.broadcast('private-App.Models.User.1', 'greeting', {});
    expect(alice.events('greeting')).toHaveLength(0);
    expect(bob.events('greeting')).toHaveLength(1);

    bob.receive({ event: 'pusher:unsubscribe', data: { channel: 'private-App.Models.User.1' } });
    expect(server.subscriberCount('private-App.Models.User.1')).toBe(0);
    expect(server.channelCount()).toBe(1);
    // alice still hears her other channel
    await server.broadcast('private-App.Models.User.2', 'greeting', {});
    expect(alice.events('greeting')).toHaveLength(1);
  });

  it('a closed or failed socket leaves every channel it had joined, and the map keeps nothing of it', async () => {
    const { connect, subscribe } = start();
    const sockets = Array.from({ length: 50 }, connect);
    sockets.forEach((socket, index) => {
      subscribe(socket, `private-App.Models.User.${index}`);
      subscribe(socket, 'announcements');
    });
    expect(server.channelCount()).toBe(51);
    expect(server.subscriberCount('announcements')).toBe(50);

    sockets.slice(0, 25).forEach((socket) => socket.close(1000));
    sockets.slice(25, 49).forEach((socket) => socket.emit('error', new Error('reset')));
    expect(server.connectionCount()).toBe(1);
    expect(server.channelCount()).toBe(2);
    expect(server.subscriberCount('announcements')).toBe(1);
    expect(server.subscriberCount('private-App.Models.User.0')).toBe(0);

    await server.broadcast('announcements', 'news', {});
    expect(sockets.filter((socket) => socket.events('news').length > 0)).toEqual([sockets[49]]);

    sockets[49]?.close(1000);
    expect(server.channelCount()).toBe(0);
    expect(server.connectionCount()).toBe(0);
  });

  it('a subscription read after its socket closed is not kept', () => {
    const { connect } = start();
    const socket = connect();
    const channel = 'private-App.Models.User.7';
    const auth = signChannel(app, socket.socketId, channel);
    socket.close(1000);
    socket.receive({ event: 'pusher:subscribe', data: { channel, auth } });
    expect(server.channelCount()).toBe(0);
  });
});

describe('channel authorisation is unchanged', () => {
  it('refuses a private channel without its signature, or signed for another socket, and presence channels', async () => {
    const { connect } = start();
    const [alice, bob] = [connect(), connect()];
    const channel = 'private-App.Models.User.1';
    alice.receive({ event: 'pusher:subscribe', data: { channel } });
    alice.receive({
      event: 'pusher:subscribe',
      data: { channel, auth: signChannel(app, bob.socketId, channel) },
    });
    alice.receive({
      event: 'pusher:subscribe',
      data: {
        channel,
        auth: signChannel({ key: app.key, secret: 'another-secret-1234' }, alice.socketId, channel),
      },
    });
    alice.receive({
      event: 'pusher:subscribe',
      data: { channel: 'presence-room', auth: signChannel(app, alice.socketId, 'presence-room') },
    });
    const refusals = alice
      .events('pusher:subscription_error')
      .map((frame) => [frame.channel, (JSON.parse(frame.data) as { status: number }).status]);
    expect(refusals).toEqual([
      [channel, 401],
      [channel, 401],
      [channel, 401],
      ['presence-room', 403],
    ]);
    expect(alice.events('pusher_internal:subscription_succeeded')).toHaveLength(0);
    expect(server.channelCount()).toBe(0);
    await server.broadcast(channel, 'secret', {});
    expect(alice.events('secret')).toHaveLength(0);
  });

  it('accepts a private channel signed for this socket, and a public one without a signature', () => {
    const { connect, subscribe } = start();
    const socket = connect();
    subscribe(socket, 'private-App.Models.User.1');
    subscribe(socket, 'public-news');
    expect(socket.events('pusher_internal:subscription_succeeded').map((frame) => frame.channel)).toEqual([
      'private-App.Models.User.1',
      'public-news',
    ]);
    expect(server.channelCount()).toBe(2);
  });

  it('closes every socket on shutdown and forgets every channel', async () => {
    const { connect, subscribe } = start();
    const socket = connect();
    subscribe(socket, 'public-news');
    await server.close();
    expect(socket.closedWith).toBe(4200);
    expect(server.channelCount()).toBe(0);
    expect(server.connectionCount()).toBe(0);
  });
});

import { randomInt } from 'node:crypto';
import type { WebSocket } from 'ws';
import { hmacSha256, safeEqual } from '../crypto';
import type { WarnLog } from '../logging';
import type { BroadcastMessage, Fanout } from './fanout';

/**
 * A Pusher protocol 7 server (API-CONTRACT.md §4): connection, ping/pong, private channel subscription
 * checked by HMAC, broadcasts. Client events are refused (4301). Presence channels are not offered.
 */
export const ACTIVITY_TIMEOUT_SECONDS = 120;
const PONG_TIMEOUT_MS = 30_000;

export interface PusherApp {
  key: string;
  secret: string;
}

interface Client {
  socket: WebSocket;
  socketId: string;
  channels: Set<string>;
  lastSeen: number;
  awaitingPong: boolean;
}

type Frame = { event?: unknown; channel?: unknown; data?: unknown };

export const newSocketId = () => `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;

/** The signature a channel authoriser answers: HMAC-SHA256 of "socket_id:channel[:channel_data]". */
export function signChannel(app: PusherApp, socketId: string, channel: string, channelData?: string) {
  const subject =
    channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return `${app.key}:${hmacSha256(app.secret, subject)}`;
}

function send(socket: WebSocket, event: string, data: unknown, channel?: string) {
  if (socket.readyState !== socket.OPEN) return;
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  socket.send(
    JSON.stringify(channel === undefined ? { event, data: payload } : { event, channel, data: payload }),
  );
}

/** One broadcast's frame, encoded once however many sockets it goes to. */
function broadcastFrame(message: BroadcastMessage) {
  return Buffer.from(
    JSON.stringify({ event: message.event, channel: message.channel, data: message.data }),
    'utf8',
  );
}

function parseFrame(raw: string): Frame | null {
  try {
    const frame = JSON.parse(raw) as Frame;
    return frame && typeof frame === 'object' ? frame : null;
  } catch {
    return null;
  }
}

/** pusher-js sends `data` as an object; other clients send a JSON string. */
function dataObject(frame: Frame): Record<string, unknown> {
  if (typeof frame.data === 'string') {
    try {
      return JSON.parse(frame.data) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return frame.data && typeof frame.data === 'object' ? (frame.data as Record<string, unknown>) : {};
}

export function createPusherServer(app: PusherApp, fanout: Fanout, log?: WarnLog) {
  const clients = new Set<Client>();
  /**
   * Each channel's subscribers on this node, so a broadcast costs its subscribers, not every
   * connection. An entry goes when its last subscriber leaves: the map holds only live channels.
   */
  const subscribers = new Map<string, Set<Client>>();

  function join(client: Client, channel: string) {
    client.channels.add(channel);
    const members = subscribers.get(channel);
    if (members) members.add(client);
    else subscribers.set(channel, new Set([client]));
  }

  function leave(client: Client, channel: string) {
    client.channels.delete(channel);
    const members = subscribers.get(channel);
    if (!members) return;
    members.delete(client);
    if (members.size === 0) subscribers.delete(channel);
  }

  function disconnect(client: Client) {
    if (!clients.delete(client)) return;
    for (const channel of client.channels) leave(client, channel);
  }

  /**
   * Broadcasts go out after their writes commit, so one that cannot reach Redis is logged, never an
   * error for a request whose work is done: the notification is stored and the bell shows it on its next load.
   */
  async function publish(messages: BroadcastMessage[]) {
    try {
      await fanout.publish(messages);
    } catch (error) {
      log?.warn({ err: error, messages: messages.length }, 'broadcast not delivered to other nodes');
    }
  }

  fanout.onMessage((messages: BroadcastMessage[]) => {
    if (subscribers.size === 0) return;
    for (const message of messages) {
      const members = subscribers.get(message.channel);
      if (!members) continue;
      const frame = broadcastFrame(message);
      for (const client of members) {
        if (client.socketId === message.exceptSocketId || client.socket.readyState !== client.socket.OPEN)
          continue;
        client.socket.send(frame, { binary: false });
      }
    }
  });

  // Heartbeat: ping a quiet client; close one that does not answer (4201, "reconnect now").
  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const client of clients) {
      if (client.awaitingPong && now - client.lastSeen > ACTIVITY_TIMEOUT_SECONDS * 1000 + PONG_TIMEOUT_MS) {
        client.socket.close(4201, 'Pong reply not received');
      } else if (!client.awaitingPong && now - client.lastSeen > ACTIVITY_TIMEOUT_SECONDS * 1000) {
        client.awaitingPong = true;
        send(client.socket, 'pusher:ping', {});
      }
    }
  }, 5_000).unref();

  function subscribe(client: Client, data: Record<string, unknown>) {
    const channel = typeof data.channel === 'string' ? data.channel : '';
    if (channel === '' || channel.length > 200)
      return send(client.socket, 'pusher:error', { code: 4009, message: 'Invalid channel' });
    const refuse = (status: number, error: string) =>
      send(client.socket, 'pusher:subscription_error', { type: 'AuthError', error, status }, channel);
    if (channel.startsWith('presence-')) return refuse(403, 'Presence channels are not offered');
    if (channel.startsWith('private-')) {
      const auth = typeof data.auth === 'string' ? data.auth : '';
      if (!safeEqual(auth, signChannel(app, client.socketId, channel)))
        return refuse(401, 'Invalid signature');
    }
    // a frame read before the socket closed may still arrive after it: never hold a closed client
    if (!clients.has(client)) return;
    join(client, channel);
    send(client.socket, 'pusher_internal:subscription_succeeded', {}, channel);
  }

  return {
    /** Handles one WebSocket connection at /app/{key}?protocol=7 */
    accept(socket: WebSocket, key: string, protocol: string | undefined) {
      if (key !== app.key) return socket.close(4001, `App key ${key} not in this cluster`);
      if (protocol === undefined) return socket.close(4008, 'No protocol version supplied');
      if (protocol !== '7') return socket.close(4007, `Unsupported protocol version ${protocol}`);
      const client: Client = {
        socket,
        socketId: newSocketId(),
        channels: new Set(),
        lastSeen: Date.now(),
        awaitingPong: false,
      };
      clients.add(client);
      send(socket, 'pusher:connection_established', {
        socket_id: client.socketId,
        activity_timeout: ACTIVITY_TIMEOUT_SECONDS,
      });
      socket.on('message', (raw: Buffer) => {
        client.lastSeen = Date.now();
        client.awaitingPong = false;
        const frame = parseFrame(raw.toString('utf8'));
        const event = typeof frame?.event === 'string' ? frame.event : '';
        if (!frame || event === '')
          return send(socket, 'pusher:error', { code: 4000, message: 'Malformed frame' });
        if (event === 'pusher:ping') return send(socket, 'pusher:pong', {});
        if (event === 'pusher:pong') return;
        if (event === 'pusher:subscribe') return subscribe(client, dataObject(frame));
        if (event === 'pusher:unsubscribe') {
          const channel = dataObject(frame).channel;
          if (typeof channel === 'string') leave(client, channel);
          return;
        }
        if (event.startsWith('client-'))
          return send(socket, 'pusher:error', { code: 4301, message: 'Client events are not enabled' });
        return send(socket, 'pusher:error', { code: 4000, message: `Unknown event ${event}` });
      });
      socket.on('close', () => disconnect(client));
      socket.on('error', () => disconnect(client));
    },

    /** Sends an event to every subscriber of a channel, on every node. */
    broadcast(channel: string, event: string, data: unknown, exceptSocketId?: string | null) {
      return publish([
        { channel, event, data: JSON.stringify(data), exceptSocketId: exceptSocketId ?? null },
      ]);
    },

    /** Many events at once, a thousand to a publish. */
    async broadcastMany(items: Array<{ channel: string; event: string; data: unknown }>) {
      for (let start = 0; start < items.length; start += 1000) {
        const batch = items
          .slice(start, start + 1000)
          .map((item) => ({ channel: item.channel, event: item.event, data: JSON.stringify(item.data) }));
        await publish(batch);
      }
    },

    connectionCount: () => clients.size,
    /** how many of this node's sockets listen on the channel (0 once the last one leaves) */
    subscriberCount: (channel: string) => subscribers.get(channel)?.size ?? 0,
    /** how many channels have a subscriber on this node */
    channelCount: () => subscribers.size,

    async close() {
      clearInterval(heartbeat);
      for (const client of clients) client.socket.close(4200, 'Server shutting down');
      clients.clear();
      subscribers.clear();
      await fanout.close();
    },
  };
}

export type PusherServer = ReturnType<typeof createPusherServer>;

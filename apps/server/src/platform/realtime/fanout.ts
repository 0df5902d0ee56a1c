import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { WarnLog } from '../logging';
import { createRedisClient } from '../store/redis-store';

/** One broadcast: an event on a channel, optionally not echoed to the socket that caused it. */
export interface BroadcastMessage {
  channel: string;
  event: string;
  /** sent to clients as a JSON string (Pusher protocol) */
  data: string;
  exceptSocketId?: string | null;
}

/**
 * How a broadcast reaches every node's sockets: in-process alone, or through Redis pub/sub so that
 * every other node delivers to its own subscribers too (API-CONTRACT.md §4.4).
 */
export interface Fanout {
  /** several messages travel together, so a broadcast to thousands of users is a few publishes */
  publish(messages: BroadcastMessage[]): Promise<void>;
  onMessage(listener: (messages: BroadcastMessage[]) => void): void;
  close(): Promise<void>;
}

export function createLocalFanout(): Fanout {
  const emitter = new EventEmitter();
  return {
    async publish(messages) {
      emitter.emit('message', messages);
    },
    onMessage(listener) {
      emitter.on('message', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = 'portico#broadcasts';

/** What travels over Redis: the messages and the node that sent them, which delivered them itself. */
interface Envelope {
  node: string;
  messages: BroadcastMessage[];
}

/**
 * Soketi's design: a node delivers its own broadcasts to its sockets at once and publishes them for
 * the other nodes, skipping its own when they come back. A Redis outage then costs only what crosses
 * nodes, and a broadcast never waits for this node's subscription.
 */
export function createRedisFanout(url: string, log?: WarnLog): Fanout {
  const node = randomUUID();
  const local = createLocalFanout();
  const publisher = createRedisClient(url, 'portico-fanout-publisher', log);
  const subscriber = createRedisClient(url, 'portico-fanout-subscriber', log);
  // On every connection, not only the first: ioredis subscribes again after a reconnection only to
  // channels whose subscription once succeeded, and a node that started while Redis was down would never
  // hear another node. Subscribing twice is harmless.
  const subscribe = () =>
    subscriber.subscribe(CHANNEL).catch((error: unknown) => {
      log?.warn({ err: error }, 'could not subscribe to broadcasts; retrying on reconnection');
    });
  subscriber.on('ready', () => void subscribe());
  subscriber.on('message', (channel: string, raw: string) => {
    if (channel !== CHANNEL) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (envelope.node !== node && Array.isArray(envelope.messages)) void local.publish(envelope.messages);
  });
  return {
    async publish(messages) {
      await local.publish(messages);
      const envelope: Envelope = { node, messages };
      await publisher.publish(CHANNEL, JSON.stringify(envelope));
    },
    onMessage: (listener) => local.onMessage(listener),
    async close() {
      await local.close();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

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
 * every node (this one included) delivers to its own subscribers (API-CONTRACT.md §4.4).
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

export function createRedisFanout(url: string): Fanout {
  const publisher = new Redis(url, { maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url);
  const listeners: Array<(messages: BroadcastMessage[]) => void> = [];
  const ready = subscriber.subscribe(CHANNEL);
  subscriber.on('message', (channel: string, raw: string) => {
    if (channel !== CHANNEL) return;
    const messages = JSON.parse(raw) as BroadcastMessage[];
    for (const listener of listeners) listener(messages);
  });
  return {
    async publish(messages) {
      await ready;
      await publisher.publish(CHANNEL, JSON.stringify(messages));
    },
    onMessage(listener) {
      listeners.push(listener);
    },
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

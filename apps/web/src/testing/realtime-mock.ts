import { vi } from 'vitest';
import { realtime, type RealtimeConnection } from '../lib/realtime';

/**
 * Replaces the realtime connection (pusher-js + laravel-echo) with one the test drives: `emit` delivers
 * a broadcast notification as Echo's `.notification(cb)` would.
 */
export function mockRealtime() {
  const listeners = new Map<number, (payload: unknown) => void>();
  const subscribers = new Map<number, () => void>();
  const disconnect = vi.fn();
  const connection: RealtimeConnection = {
    onNotification: (userId, callback, subscribed) => {
      listeners.set(userId, callback);
      if (subscribed) subscribers.set(userId, subscribed);
    },
    disconnect,
  };
  const connect = vi.spyOn(realtime, 'connect').mockResolvedValue(connection);
  return {
    connect,
    disconnect,
    /** whether someone listens on App.Models.User.{id} */
    listening: (userId: number) => listeners.has(userId),
    /** the channel's subscription succeeds (as pusher:subscription_succeeded) */
    subscribe(userId: number) {
      const subscribed = subscribers.get(userId);
      if (!subscribed) throw new Error(`nobody waits for App.Models.User.${userId}`);
      subscribed();
    },
    emit(userId: number, payload: unknown) {
      const listener = listeners.get(userId);
      if (!listener) throw new Error(`nobody listens on App.Models.User.${userId}`);
      listener(payload);
    },
  };
}

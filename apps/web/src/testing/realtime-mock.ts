import { vi } from 'vitest';
import { realtime, type RealtimeConnection } from '../lib/realtime';

/**
 * Replaces the realtime connection (pusher-js + laravel-echo) with one the test drives: `emit` delivers
 * a broadcast notification as Echo's `.notification(cb)` would.
 */
export function mockRealtime() {
  const listeners = new Map<number, (payload: unknown) => void>();
  const disconnect = vi.fn();
  const connection: RealtimeConnection = {
    onNotification: (userId, callback) => listeners.set(userId, callback),
    disconnect,
  };
  const connect = vi.spyOn(realtime, 'connect').mockResolvedValue(connection);
  return {
    connect,
    disconnect,
    /** whether someone listens on App.Models.User.{id} */
    listening: (userId: number) => listeners.has(userId),
    emit(userId: number, payload: unknown) {
      const listener = listeners.get(userId);
      if (!listener) throw new Error(`nobody listens on App.Models.User.${userId}`);
      listener(payload);
    },
  };
}

import type { ChannelAuthorizationHandler, Options } from 'pusher-js';
import { api, type Parser } from './api-client';

/** Where the Pusher-protocol server listens: same host, `/app/{key}` (API-CONTRACT.md §4). */
export interface RealtimeConfig {
  readonly key: string;
  readonly path: string;
}

/** A live connection for the signed-in user. */
export interface RealtimeConnection {
  /**
   * Calls back with each notification broadcast on the private channel App.Models.User.{id}, and
   * `subscribed` each time the channel's subscription succeeds (at first, and again after a reconnect):
   * what was sent before then never arrives live, so the caller reloads.
   */
  onNotification(userId: number, callback: (payload: unknown) => void, subscribed?: () => void): void;
  disconnect(): void;
}

/** Spec §9: the realtime connection's timeouts, in ms. */
export const REALTIME_TIMEOUTS = {
  activityTimeout: 120_000,
  pongTimeout: 30_000,
  unavailableTimeout: 10_000,
} as const;

interface AuthAnswer {
  auth: string;
  channel_data?: string;
}

const authAnswer: Parser<AuthAnswer> = {
  parse(input) {
    const record = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
    if (typeof record.auth !== 'string') throw new TypeError('The channel authorisation has no auth.');
    return typeof record.channel_data === 'string'
      ? { auth: record.auth, channel_data: record.channel_data }
      : { auth: record.auth };
  },
};

/**
 * Channel authorisation through our one HTTP client (JSON body, XSRF header, the 419 retry), as the
 * spec's axios authorizer does (API-CONTRACT.md §4.2).
 */
export const authorizeChannel: ChannelAuthorizationHandler = ({ socketId, channelName }, callback) => {
  api
    .post('/api/broadcasting/auth', { socket_id: socketId, channel_name: channelName }, authAnswer, {
      redirectOnUnauthorized: false,
    })
    .then(
      (answer) => callback(null, answer),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
};

/** pusher-js options for the server this page came from. */
export function pusherOptions(config: RealtimeConfig, location: Location = window.location): Options {
  const secure = location.protocol === 'https:';
  const port = Number(location.port) || (secure ? 443 : 80);
  // pusher-js adds "/app/{key}" itself; a path of its own goes before that.
  const prefix = config.path.replace(/\/app\/?$/, '');
  return {
    // Required by the types; unused with wsHost.
    cluster: 'local',
    wsHost: location.hostname,
    wsPort: port,
    wssPort: port,
    ...(prefix ? { wsPath: prefix } : {}),
    forceTLS: secure,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    ...REALTIME_TIMEOUTS,
    channelAuthorization: { customHandler: authorizeChannel },
  };
}

/**
 * Resolves once the page has loaded and the browser is idle (at most a few seconds later): live
 * updates can wait that long, the first paint should not wait for their 70 kB of code.
 */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 3000 });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/**
 * Opens the connection with pusher-js and laravel-echo, loaded on first use, after the first paint, so
 * pages that never connect do not download them. One object, so tests can replace it.
 */
export const realtime = {
  async connect(config: RealtimeConfig): Promise<RealtimeConnection> {
    await whenIdle();
    const [{ default: Pusher }, { default: Echo }] = await Promise.all([
      import('pusher-js'),
      import('laravel-echo'),
    ]);
    const client = new Pusher(config.key, pusherOptions(config));
    const echo = new Echo({ broadcaster: 'pusher', client, withoutInterceptors: true });
    return {
      onNotification(userId, callback, subscribed) {
        const channel = echo.private(`App.Models.User.${userId}`);
        channel.notification((payload: unknown) => callback(payload));
        if (subscribed) channel.subscribed(() => subscribed());
      },
      disconnect() {
        echo.disconnect();
      },
    };
  },
};

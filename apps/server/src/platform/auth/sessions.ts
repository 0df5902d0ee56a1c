import { randomToken, sha256 } from '../crypto';
import type { SharedStore } from '../store/shared-store';

export interface SessionData {
  user_id: number | null;
  /** the XSRF-TOKEN value: 40 random characters */
  csrf_token: string;
  created_at: number;
  last_activity_at: number;
  ip: string;
  user_agent: string;
}

export interface Session {
  /** the cookie value; only its hash is stored */
  readonly token: string;
  readonly key: string;
  data: SessionData;
}

export interface SessionClient {
  ip: string;
  userAgent: string;
}

/** Last-activity writes are spread out: an idle timeout of minutes needs no per-request write. */
const TOUCH_INTERVAL_MS = 60_000;

const sessionKey = (token: string) => `session:${sha256(token)}`;
const userSessionsKey = (userId: number) => `user-sessions:${userId}`;
export const newCsrfToken = () => randomToken(30);

export function createSessionManager(store: SharedStore, lifetimeMinutes: number) {
  const ttlSeconds = lifetimeMinutes * 60;

  async function save(session: Session) {
    await store.set(session.key, JSON.stringify(session.data), ttlSeconds);
  }

  async function start(client: SessionClient, userId: number | null = null): Promise<Session> {
    const token = randomToken(30);
    const now = Date.now();
    const session: Session = {
      token,
      key: sessionKey(token),
      data: {
        user_id: userId,
        csrf_token: newCsrfToken(),
        created_at: now,
        last_activity_at: now,
        ip: client.ip,
        user_agent: client.userAgent.slice(0, 500),
      },
    };
    await save(session);
    if (userId !== null) await store.setAdd(userSessionsKey(userId), session.key);
    return session;
  }

  async function destroy(session: Session) {
    await store.delete(session.key);
    if (session.data.user_id !== null)
      await store.setRemove(userSessionsKey(session.data.user_id), session.key);
  }

  return {
    ttlSeconds,
    start,
    destroy,

    async load(token: string | undefined): Promise<Session | null> {
      if (!token || token.length > 100) return null;
      const key = sessionKey(token);
      const raw = await store.get(key);
      if (!raw) return null;
      const data = JSON.parse(raw) as SessionData;
      if (Date.now() - data.last_activity_at > ttlSeconds * 1000) {
        await destroy({ token, key, data });
        return null;
      }
      return { token, key, data };
    },

    async touch(session: Session) {
      const now = Date.now();
      if (now - session.data.last_activity_at < TOUCH_INTERVAL_MS) return;
      session.data.last_activity_at = now;
      await save(session);
    },

    /** A new id and a new CSRF token for a new identity (login, logout): no fixation. */
    async regenerate(session: Session | null, client: SessionClient, userId: number | null) {
      if (session) await destroy(session);
      return start(client, userId);
    },

    /** Ends every session of a user, optionally keeping the current one. */
    async destroyForUser(userId: number, except?: Session | null) {
      const setKey = userSessionsKey(userId);
      const keys = (await store.setMembers(setKey)).filter((key) => key !== except?.key);
      await store.delete(...keys);
      for (const key of keys) await store.setRemove(setKey, key);
    },
  };
}

export type SessionManager = ReturnType<typeof createSessionManager>;

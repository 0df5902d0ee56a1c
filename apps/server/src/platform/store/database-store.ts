import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { kvEntries, kvSetMembers } from '../../db/schema';
import type { SharedStore } from './shared-store';

const live = (now: Date) => or(isNull(kvEntries.expires_at), gt(kvEntries.expires_at, now));
const expiry = (ttlSeconds: number | undefined) =>
  ttlSeconds === undefined ? null : new Date(Date.now() + ttlSeconds * 1000);
const secondsLeft = (expiresAt: Date | null) =>
  expiresAt ? Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / 1000)) : 0;

export function createDatabaseStore(db: Db): SharedStore {
  // Every request reads its session: a prepared statement skips building the SQL each time.
  const getLive = db
    .select({ value: kvEntries.value })
    .from(kvEntries)
    .where(
      and(
        eq(kvEntries.key, sql.placeholder('key')),
        or(isNull(kvEntries.expires_at), gt(kvEntries.expires_at, sql.placeholder('now'))),
      ),
    )
    .prepare('kv_get');
  return {
    engine: 'database',
    async get(key) {
      const [row] = await getLive.execute({ key, now: new Date() });
      return row?.value ?? null;
    },
    async set(key, value, ttlSeconds) {
      const expires_at = expiry(ttlSeconds);
      await db
        .insert(kvEntries)
        .values({ key, value, expires_at })
        .onConflictDoUpdate({ target: kvEntries.key, set: { value, expires_at } });
    },
    async delete(...keys) {
      if (keys.length > 0) await db.delete(kvEntries).where(inArray(kvEntries.key, keys));
    },
    async increment(key, ttlSeconds) {
      const now = new Date();
      const fresh = expiry(ttlSeconds);
      // One statement: restart the window when the old one has expired, else add one.
      const [row] = await db
        .insert(kvEntries)
        .values({ key, value: '1', expires_at: fresh })
        .onConflictDoUpdate({
          target: kvEntries.key,
          set: {
            value: sql`case when ${kvEntries.expires_at} <= ${now} then '1' else (${kvEntries.value}::int + 1)::text end`,
            expires_at: sql`case when ${kvEntries.expires_at} <= ${now} then ${fresh} else ${kvEntries.expires_at} end`,
          },
        })
        .returning({ value: kvEntries.value, expires_at: kvEntries.expires_at });
      return { count: Number(row?.value ?? 1), ttlSeconds: secondsLeft(row?.expires_at ?? fresh) };
    },
    async counter(key) {
      const [row] = await db
        .select({ value: kvEntries.value, expires_at: kvEntries.expires_at })
        .from(kvEntries)
        .where(and(eq(kvEntries.key, key), live(new Date())));
      return row ? { count: Number(row.value), ttlSeconds: secondsLeft(row.expires_at) } : null;
    },
    async setAdd(key, member) {
      await db.insert(kvSetMembers).values({ key, member }).onConflictDoNothing();
    },
    async setRemove(key, member) {
      await db.delete(kvSetMembers).where(and(eq(kvSetMembers.key, key), eq(kvSetMembers.member, member)));
    },
    async setMembers(key) {
      const rows = await db
        .select({ member: kvSetMembers.member })
        .from(kvSetMembers)
        .where(eq(kvSetMembers.key, key));
      return rows.map((row) => row.member);
    },
    async prune() {
      const removed = await db
        .delete(kvEntries)
        .where(lte(kvEntries.expires_at, new Date()))
        .returning({ key: kvEntries.key });
      return removed.length;
    },
    async close() {},
  };
}

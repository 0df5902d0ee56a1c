import { ROLES, type OverviewStats, type RoleId } from '@portico/contracts';
import { and, count, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';

const WEEKS = 12;
const DAY_MS = 86_400_000;

/** The /admin overview: who is on the platform and how fast investors are arriving. */
export function createOverviewService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async stats(): Promise<OverviewStats> {
      const now = Date.now();
      const investor = eq(users.role_id, ROLES.USER);
      const since30 = new Date(now - 30 * DAY_MS);
      const firstWeek = new Date(now - (WEEKS - 1) * 7 * DAY_MS);

      const [totals] = await db
        .select({
          total: count(),
          verified: count(users.email_verified_at),
          recent: sql<number>`count(*) filter (where ${users.created_at} >= ${since30})`.mapWith(Number),
        })
        .from(users)
        .where(investor);

      const byRole = await db
        .select({ role_id: users.role_id, count: count() })
        .from(users)
        .where(and(ne(users.role_id, ROLES.USER), sql`${users.deactivated_at} is null`))
        .groupBy(users.role_id)
        .orderBy(users.role_id);

      const week = sql<string>`to_char(date_trunc('week', ${users.created_at} at time zone 'UTC'), 'YYYY-MM-DD')`;
      const weekly = await db
        .select({ week_start: week, count: count() })
        .from(users)
        .where(and(investor, gte(users.created_at, firstWeek)))
        .groupBy(week);
      const counts = new Map(weekly.map((row) => [row.week_start, row.count]));

      const recent = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          email_verified_at: users.email_verified_at,
          created_at: users.created_at,
        })
        .from(users)
        .where(investor)
        .orderBy(desc(users.created_at), desc(users.id))
        .limit(5);

      // Every week of the window appears, with zero where nobody registered.
      const monday = new Date(now);
      monday.setUTCHours(0, 0, 0, 0);
      monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
      const registrations_by_week = Array.from({ length: WEEKS }, (_, index) => {
        const start = new Date(monday.getTime() - (WEEKS - 1 - index) * 7 * DAY_MS)
          .toISOString()
          .slice(0, 10);
        return { week_start: start, count: counts.get(start) ?? 0 };
      });

      return {
        investors: {
          total: totals?.total ?? 0,
          verified: totals?.verified ?? 0,
          new_last_30_days: totals?.recent ?? 0,
        },
        staff: {
          total: byRole.reduce((sum, row) => sum + row.count, 0),
          by_role: byRole.map((row) => ({ role_id: row.role_id as RoleId, count: row.count })),
        },
        registrations_by_week,
        recent_investors: recent.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          email_verified_at: toApiTimestampOrNull(row.email_verified_at),
          created_at: toApiTimestamp(row.created_at),
        })),
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;

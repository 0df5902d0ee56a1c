import {
  ONBOARDING_STATE_LABELS,
  ONBOARDING_STATES,
  ROLES,
  totalsByCurrency,
  type InvestmentArea,
  type OverviewActivity,
  type OverviewMoney,
  type OverviewOnboarding,
  type OverviewStats,
  type RoleId,
} from '@portico/contracts';
import { and, count, countDistinct, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { auditLog, investments, investorProfiles, opportunities, users } from '../../db/schema';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import { describeActivity } from '../activity/activity.describe';
import { hiddenActivityPrefixes } from '../activity/activity.policy';
import { cashCallsOf, raisesOf } from '../wip-report/wip-report.service';

const WEEKS = 12;
const DAY_MS = 86_400_000;
const ACTIVITY_LIMIT = 10;
const AREAS: readonly InvestmentArea[] = ['deals', 'opportunities', 'existing', 'companies'];

/** The Monday (YYYY-MM-DD) of the week a London date falls in. */
function mondayOf(day: string): Date {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date;
}

const byCurrency = (rows: Array<{ currency: string; amount: string | null }>) =>
  totalsByCurrency(rows).sort((a, b) => a.currency.localeCompare(b.currency));

/** The /admin overview: who is on the platform, how fast investors arrive, the money, the latest activity. */
export function createOverviewService(ctx: AppContext) {
  const { db, clock } = ctx;
  return {
    async stats(): Promise<OverviewStats> {
      const now = clock.now().getTime();
      const today = clock.today();
      const investor = eq(users.role_id, ROLES.USER);
      const since30 = new Date(now - 30 * DAY_MS);
      // Weeks are London weeks (Monday to Sunday, by the London date), the window starting on a Monday.
      const monday = mondayOf(today);
      const firstMonday = new Date(monday.getTime() - (WEEKS - 1) * 7 * DAY_MS);
      // a day early: the London Monday may begin an hour before the UTC one (summer time)
      const firstWeek = new Date(firstMonday.getTime() - DAY_MS);

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

      const week = sql<string>`to_char(date_trunc('week', ${users.created_at} at time zone 'Europe/London'), 'YYYY-MM-DD')`;
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

    /**
     * Money raised (paid into paid and completed investments) this London year and in total; the live
     * raises and open cash calls with the WIP report's own figures, per currency.
     */
    async money(): Promise<OverviewMoney> {
      const today = clock.today();
      const year = Number(today.slice(0, 4));
      // 1 January is in winter: London midnight is UTC midnight.
      const yearStart = new Date(`${year}-01-01T00:00:00Z`);
      const paidAt = sql`coalesce(${investments.paid_at}, ${investments.completed_at}, ${investments.created_at})`;
      const raised = await db
        .select({
          currency: opportunities.currency,
          total: sql<string>`coalesce(sum(${investments.paid_amount}), 0)::numeric(16, 2)::text`,
          this_year: sql<string>`coalesce(sum(${investments.paid_amount}) filter (where ${paidAt} >= ${yearStart}), 0)::numeric(16, 2)::text`,
        })
        .from(investments)
        .innerJoin(opportunities, eq(opportunities.id, investments.opportunity_id))
        .where(inArray(investments.status, ['paid', 'completed']))
        .groupBy(opportunities.currency)
        .orderBy(opportunities.currency);
      const raises = await raisesOf(db);
      const calls = await cashCallsOf(db, today);
      const overdue = calls.filter((call) => call.overdue);
      return {
        as_of: today,
        year,
        raised_this_year: raised.map((row) => ({ currency: row.currency, amount: row.this_year })),
        raised_total: raised.map((row) => ({ currency: row.currency, amount: row.total })),
        live_raises: {
          count: raises.length,
          committed: byCurrency(
            raises.map((raise) => ({ currency: raise.currency, amount: raise.committed })),
          ),
          target: byCurrency(raises.map((raise) => ({ currency: raise.currency, amount: raise.target }))),
        },
        cash_outstanding: {
          count: calls.length,
          overdue_count: overdue.length,
          outstanding: byCurrency(
            calls.map((call) => ({ currency: call.currency, amount: call.outstanding })),
          ),
          overdue: byCurrency(overdue.map((call) => ({ currency: call.currency, amount: call.outstanding }))),
        },
      };
    },

    /** Active investors by onboarding state, and how many hold an investment that is not cancelled. */
    async onboarding(): Promise<OverviewOnboarding> {
      const active = and(eq(users.role_id, ROLES.USER), isNull(users.deactivated_at));
      const rows = await db
        .select({ state: investorProfiles.onboarding_state, count: count() })
        .from(investorProfiles)
        .innerJoin(users, eq(users.id, investorProfiles.user_id))
        .where(active)
        .groupBy(investorProfiles.onboarding_state);
      const [invested] = await db
        .select({ count: countDistinct(investments.user_id) })
        .from(investments)
        .innerJoin(users, eq(users.id, investments.user_id))
        .where(and(active, ne(investments.status, 'cancelled')));
      const counts = new Map(rows.map((row) => [row.state, row.count]));
      return {
        total: rows.reduce((sum, row) => sum + row.count, 0),
        states: ONBOARDING_STATES.map((state) => ({
          state,
          label: ONBOARDING_STATE_LABELS[state],
          count: counts.get(state) ?? 0,
        })),
        invested: invested?.count ?? 0,
      };
    },

    /**
     * The latest audit entries, as the timelines word them; entries of an investment tab the reader's role
     * may not open (spec §6) are left out, as on the records' own timelines.
     */
    async activity(roleId: number): Promise<OverviewActivity> {
      const hidden = [...new Set(AREAS.flatMap((area) => hiddenActivityPrefixes(roleId, area)))];
      const rows = await db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          subject_type: auditLog.subject_type,
          subject_id: auditLog.subject_id,
          before: auditLog.before,
          after: auditLog.after,
          actor_id: auditLog.actor_id,
          actor_name: users.name,
          created_at: auditLog.created_at,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actor_id))
        .where(and(...hidden.map((prefix) => sql`not starts_with(${auditLog.action}, ${prefix})`)))
        .orderBy(desc(auditLog.created_at), desc(auditLog.id))
        .limit(ACTIVITY_LIMIT);
      return {
        data: rows.map((row) => ({
          id: `audit-${row.id}`,
          action: row.action,
          description: describeActivity(
            row.action,
            row.before as Record<string, unknown> | null,
            row.after as Record<string, unknown> | null,
          ),
          subject_type: row.subject_type,
          subject_id: row.subject_id,
          actor: row.actor_id !== null && row.actor_name ? { id: row.actor_id, name: row.actor_name } : null,
          created_at: toApiTimestamp(row.created_at),
        })),
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;

import { CATEGORY_TERMS, ROLES } from '@portico/contracts';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { categorisations, investorProfiles, users } from '../../db/schema';
import type { ScheduledJob } from '../../platform/jobs/scheduler';
import { longDate } from '../../platform/dates';
import type { BrandingService } from '../branding/branding.service';
import type { InvestorsService } from '../investors/investors.service';
import type { NotificationsService } from '../notifications/notifications.service';

const HOUR = 3_600_000;
const REMIND_DAYS = 30;

/**
 * A categorisation lasts 12 months (DOMAIN.md). Two jobs keep that true without anyone acting: one
 * recomputes investors whose category has just expired (lists and onboarding follow), the other
 * reminds investors a month before theirs does, once.
 */
export function categorisationJobs(
  ctx: AppContext,
  deps: { investors: InvestorsService; notifications: NotificationsService; branding: BrandingService },
): ScheduledJob[] {
  const { db, store } = ctx;
  return [
    {
      name: 'categorisations.expire',
      everyMs: HOUR,
      async run() {
        const expired = await db
          .select({ user_id: investorProfiles.user_id })
          .from(investorProfiles)
          .where(
            and(isNotNull(investorProfiles.category), lt(investorProfiles.category_expires_at, new Date())),
          );
        for (const { user_id } of expired)
          await db.transaction((tx) => deps.investors.refreshOnboardingState(tx, user_id));
      },
    },
    {
      name: 'categorisations.remind',
      everyMs: 6 * HOUR,
      async run() {
        const soon = new Date(Date.now() + REMIND_DAYS * 24 * HOUR);
        const due = await db
          .select({
            id: categorisations.id,
            category: categorisations.category,
            expires_at: categorisations.expires_at,
            user: users,
          })
          .from(categorisations)
          .innerJoin(users, eq(users.id, categorisations.user_id))
          .innerJoin(investorProfiles, eq(investorProfiles.user_id, users.id))
          .where(
            and(
              eq(categorisations.status, 'approved'),
              eq(users.role_id, ROLES.USER),
              isNull(users.deactivated_at),
              // the investor's current categorisation, expiring within the month
              sql`${categorisations.expires_at} = ${investorProfiles.category_expires_at}`,
              lt(categorisations.expires_at, soon),
              sql`${categorisations.expires_at} > now()`,
            ),
          );
        const terms = await deps.branding.terminology();
        for (const row of due) {
          // Once per categorisation: the marker outlives the reminder window.
          const marker = await store.increment(
            `reminded:categorisation:${row.id}`,
            (REMIND_DAYS + 10) * 24 * 3600,
          );
          if (marker.count !== 1) continue;
          const label = terms[CATEGORY_TERMS[row.category]].toLowerCase();
          await deps.notifications.notify([row.user], {
            type: 'App\\Notifications\\CategorisationExpiring',
            audience: 'user',
            data: {
              message: `Your categorisation as a **${label}** expires on ${longDate(row.expires_at)}. Please confirm it again.`,
              cta: '/investor/profile/investor-type',
              icon: 'default',
            },
          });
        }
      },
    },
  ];
}

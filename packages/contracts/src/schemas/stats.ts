import { z } from 'zod';
import { idSchema, timestampSchema } from './common';
import { roleIdSchema } from './user';

export const overviewStatsSchema = z
  .object({
    investors: z.object({
      total: z.number().int(),
      verified: z.number().int(),
      new_last_30_days: z.number().int(),
    }),
    staff: z.object({
      total: z.number().int(),
      by_role: z.array(z.object({ role_id: roleIdSchema, count: z.number().int() })),
    }),
    registrations_by_week: z.array(z.object({ week_start: z.string(), count: z.number().int() })),
    recent_investors: z.array(
      z.object({
        id: idSchema,
        name: z.string(),
        email: z.string(),
        email_verified_at: timestampSchema.nullable(),
        created_at: timestampSchema,
      }),
    ),
  })
  .meta({ id: 'OverviewStats' });
export type OverviewStats = z.infer<typeof overviewStatsSchema>;

/** An amount in one currency (amounts in different currencies are never added). */
const currencyAmountSchema = z.object({ currency: z.string(), amount: z.string() });

/**
 * GET /api/stats/money: money raised (paid into paid and completed investments, net of refunds) this London
 * year and in total, the live raises (committed against target, the opportunities' own Transactions tab
 * figures) and the cash outstanding on open cash calls (overdue by the London date), per currency.
 */
export const overviewMoneySchema = z
  .object({
    as_of: z.string(),
    year: z.number().int(),
    raised_this_year: z.array(currencyAmountSchema),
    raised_total: z.array(currencyAmountSchema),
    live_raises: z.object({
      count: z.number().int(),
      committed: z.array(currencyAmountSchema),
      target: z.array(currencyAmountSchema),
    }),
    cash_outstanding: z.object({
      count: z.number().int(),
      overdue_count: z.number().int(),
      outstanding: z.array(currencyAmountSchema),
      overdue: z.array(currencyAmountSchema),
    }),
  })
  .meta({ id: 'OverviewMoney' });
export type OverviewMoney = z.infer<typeof overviewMoneySchema>;

/** GET /api/stats/onboarding: active investors by onboarding state, and how many have invested. */
export const overviewOnboardingSchema = z
  .object({
    total: z.number().int(),
    states: z.array(
      z.object({
        state: z.enum(['registered', 'verified', 'categorised', 'documents', 'complete']),
        label: z.string(),
        count: z.number().int(),
      }),
    ),
    /** investors with at least one investment that is not cancelled */
    invested: z.number().int(),
  })
  .meta({ id: 'OverviewOnboarding' });
export type OverviewOnboarding = z.infer<typeof overviewOnboardingSchema>;

/** GET /api/stats/activity: the latest things that happened on the platform, as sentences. */
export const overviewActivitySchema = z
  .object({
    data: z.array(
      z.object({
        id: z.string(),
        action: z.string(),
        description: z.string(),
        subject_type: z.string(),
        subject_id: idSchema.nullable(),
        actor: z.object({ id: idSchema, name: z.string() }).nullable(),
        created_at: timestampSchema,
      }),
    ),
  })
  .meta({ id: 'OverviewActivity' });
export type OverviewActivity = z.infer<typeof overviewActivitySchema>;

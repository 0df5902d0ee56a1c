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

import {
  dataOf,
  overviewActivitySchema,
  overviewMoneySchema,
  overviewOnboardingSchema,
  overviewStatsSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/auth/access';
import { requireUser } from '../../platform/http/kernel';
import type { OverviewService } from './overview.service';

const tags = ['Overview'];
const config = { access: access.permission('overview', 'index') };

/** /api/stats/*: the /admin overview's figures, each part on its own so the page loads them in parallel. */
export function overviewRoutes(service: OverviewService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/stats/overview',
      {
        config,
        schema: {
          tags,
          summary: 'Figures for the admin overview',
          description:
            'Investors, staff, registrations by London week (Monday to Sunday) and the latest investors.',
          response: { 200: dataOf(overviewStatsSchema) },
        },
      },
      async () => ({ data: await service.stats() }),
    );

    app.get(
      '/api/stats/money',
      {
        config,
        schema: {
          tags,
          summary: 'Money raised, live raises and cash outstanding, per currency',
          description:
            'Raised: paid into paid and completed investments, this London year (by when the money came in) and in total. Live raises and cash outstanding are the WIP report’s figures. Amounts are never added across currencies.',
          response: { 200: dataOf(overviewMoneySchema) },
        },
      },
      async () => ({ data: await service.money() }),
    );

    app.get(
      '/api/stats/onboarding',
      {
        config,
        schema: {
          tags,
          summary: 'Active investors by onboarding state',
          response: { 200: dataOf(overviewOnboardingSchema) },
        },
      },
      async () => ({ data: await service.onboarding() }),
    );

    app.get(
      '/api/stats/activity',
      {
        config,
        schema: {
          tags,
          summary: 'The latest activity on the platform',
          description:
            'The ten latest audit entries, worded as on the records’ timelines; entries of an investment tab the role may not open are left out.',
          response: { 200: overviewActivitySchema },
        },
      },
      async (request) => service.activity(requireUser(request).role_id),
    );
  };
}

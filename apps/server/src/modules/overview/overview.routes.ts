import { dataOf, overviewStatsSchema } from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/auth/access';
import type { OverviewService } from './overview.service';

export function overviewRoutes(service: OverviewService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/stats/overview',
      {
        config: { access: access.permission('overview', 'index') },
        schema: {
          tags: ['Overview'],
          summary: 'Figures for the admin overview',
          response: { 200: dataOf(overviewStatsSchema) },
        },
      },
      async () => ({ data: await service.stats() }),
    );
  };
}

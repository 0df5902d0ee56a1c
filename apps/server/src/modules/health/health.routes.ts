import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';

/**
 * Probes for the load balancer. They sit outside the API kernel: no session, and they answer
 * during maintenance.
 */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['Operations'],
          summary: 'The process is up',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/ready',
      {
        schema: {
          tags: ['Operations'],
          summary: 'The database answers',
          response: {
            200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
            503: z.object({ status: z.literal('unavailable'), database: z.literal('unreachable') }),
          },
        },
      },
      async (request, reply) => {
        try {
          await ctx.db.execute(sql`select 1`);
          return { status: 'ok' as const, database: 'ok' as const };
        } catch (error) {
          request.log.error({ err: error }, 'readiness check failed');
          return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
        }
      },
    );
  };
}

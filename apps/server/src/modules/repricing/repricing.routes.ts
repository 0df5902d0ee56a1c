import {
  dataOf,
  pathIdSchema,
  repricingInputSchema,
  repricingPreviewQuerySchema,
  repricingPreviewSchema,
  repricingSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import type { RepricingService } from './repricing.service';

const tags = ['Opportunity lifecycle'];
const params = z.object({ id: pathIdSchema });
const RULE =
  'Every reserved, awaiting-payment or paid investment is recomputed as the investor path rounds: the whole shares its amount buys at the new price (rounded down), and the amount becomes what those shares cost (never more than before). Refused (422 on `share_price`, one message per reason) for a draft, a completed round or one with completed investments, the same price, a price whose shares would not fit (at most 14 whole digits), an investment that would buy no whole share, or one that has paid more than its new amount (refund the difference first).';

/** Re-pricing a live round (issue 18, decision 021): the one way its share price moves once it has investments. */
export function repricingRoutes(service: RepricingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/opportunities/:id/repricing-preview',
      {
        config: { access: access.permission('investment_opportunity_live', 'update') },
        schema: {
          tags,
          summary: 'What re-pricing the round at a share price would do to each investment',
          description: `Changes nothing. \`problems\` lists why the re-pricing would be refused (empty when it can be made). ${RULE}`,
          params,
          querystring: repricingPreviewQuerySchema,
          response: { 200: dataOf(repricingPreviewSchema) },
        },
      },
      async (request) => ({
        data: await service.preview(
          requireUser(request).role_id,
          request.params.id,
          request.query.share_price,
        ),
      }),
    );

    app.get(
      '/api/opportunities/:id/repricings',
      {
        config: { access: access.permission('investment_opportunity_live', 'show') },
        schema: {
          tags,
          summary: 'The round’s re-pricings, the latest first',
          params,
          response: { 200: dataOf(z.array(repricingSchema)) },
        },
      },
      async (request) => ({
        data: await service.list(requireUser(request).role_id, request.params.id),
      }),
    );

    app.post(
      '/api/opportunities/:id/repricings',
      {
        config: { access: access.permission('investment_opportunity_live', 'update') },
        schema: {
          tags,
          summary: 'Re-price the round: a new share price, with a reason, for every investment in it',
          description: `Under the round’s row lock (the commitment gate’s). ${RULE} Recorded with the old and new price, who, when, the reason and each investment before and after (also in the audit log); each investor is told by notification and email, never for a private_manual investment.`,
          params,
          body: repricingInputSchema,
          response: { 201: dataOf(repricingSchema) },
        },
      },
      async (request, reply) => {
        const made = await service.reprice(
          actorOf(request),
          requireUser(request).role_id,
          request.params.id,
          request.body,
        );
        return reply.code(201).send({ data: made });
      },
    );
  };
}

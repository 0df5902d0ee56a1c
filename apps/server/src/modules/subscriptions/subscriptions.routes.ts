import {
  dataOf,
  idParamsSchema,
  profileSubscriptionSchema,
  subscriptionInputSchema,
  subscriptionSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import type { SubscriptionsService } from './subscriptions.service';

/** An investor's membership: staff set it on the investor record, the investor reads it. */
export function subscriptionsRoutes(service: SubscriptionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/investors/:id/subscription',
      {
        config: { access: access.permission('investors', 'show') },
        schema: {
          tags: ['Investors'],
          summary: 'The investor’s membership plan (data is null when they have none)',
          params: idParamsSchema,
          response: { 200: dataOf(subscriptionSchema.nullable()) },
        },
      },
      async (request) => ({ data: await service.get(request.params.id) }),
    );

    app.put(
      '/api/investors/:id/subscription',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags: ['Investors'],
          summary: 'Set the investor’s membership plan (creates or replaces it)',
          params: idParamsSchema,
          body: subscriptionInputSchema,
          response: { 200: dataOf(subscriptionSchema) },
        },
      },
      async (request) => ({
        data: await service.put(actorOf(request), request.params.id, request.body),
      }),
    );

    app.get(
      '/api/profile/subscription',
      {
        config: { access: access.investor },
        schema: {
          tags: ['Investor portal'],
          summary: 'The signed-in investor’s membership plan (data is null when they have none)',
          response: { 200: dataOf(profileSubscriptionSchema.nullable()) },
        },
      },
      async (request) => ({ data: await service.forInvestor(requireUser(request).id) }),
    );
  };
}

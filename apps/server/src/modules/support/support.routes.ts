import { dataOf, supportContactInputSchema, supportContactSchema } from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, unverified } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import type { SupportService } from './support.service';

/** POST /api/support/contact (spec §7): the portal's "Contact us" form. */
export function supportRoutes(service: SupportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/support/contact',
      {
        config: { access: access.authenticated },
        schema: {
          tags: ['Account'],
          summary: 'Email the firm’s support address (replies go to the signed-in user)',
          description:
            'At most 5 messages in 10 minutes per user; past that a 429 with Retry-After. Replies go to the ' +
            'user’s address, so it must be verified (403 otherwise).',
          body: supportContactInputSchema,
          response: { 201: dataOf(supportContactSchema) },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        if (!user.email_verified_at) throw unverified();
        const data = await service.contact(user, actorOf(request), request.body);
        return reply.code(201).send({ data });
      },
    );
  };
}

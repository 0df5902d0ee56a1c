import { dataOf, pathIdSchema, profileSchema, updateProfileInputSchema } from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import type { ProfileService } from './profile.service';

const tags = ['Investor portal'];

/** /investor/profile/details and /type: the investor's own details (issue 9). */
export function profileRoutes(service: ProfileService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/profile',
      {
        config: { access: access.investor },
        schema: {
          tags,
          summary: 'The signed-in investor’s own details',
          response: { 200: dataOf(profileSchema) },
        },
      },
      async (request) => ({ data: await service.get(requireUser(request)) }),
    );

    app.patch(
      '/api/profile',
      {
        config: { access: access.investor },
        schema: {
          tags,
          summary: 'Change one’s own details',
          description:
            'Fields staff own (lead status, owner, adviser, source, screening, category) are refused as unknown keys. NI number and UTR need the tax feature; IBAN and SWIFT need international bank details. A new email is kept as pending_email, and a link is sent to it; the current address stays in force (and is told) until the link is opened.',
          body: updateProfileInputSchema,
          response: { 200: dataOf(profileSchema) },
        },
      },
      async (request) => ({
        data: await service.update(requireUser(request), actorOf(request), request.body),
      }),
    );

    app.get(
      '/email/change/:id/:hash',
      {
        config: { access: access.public },
        schema: {
          tags,
          summary: 'Open the signed link sent to a new email address: it becomes the account’s address',
          params: z.object({ id: pathIdSchema, hash: z.string() }),
          querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
        },
      },
      async (request, reply) => {
        const { outcome } = await service.confirmEmailChange(
          request.params.id,
          request.params.hash,
          request.url,
          actorOf(request),
        );
        return reply.redirect(`/investor/profile/details?email_change=${outcome}`, 302);
      },
    );
  };
}

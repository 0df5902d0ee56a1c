import { consentInputSchema, consentsSchema, dataOf, idParamsSchema } from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import type { ConsentsService } from './consents.service';

const tags = ['Investor compliance'];
const response = { 200: dataOf(consentsSchema) };
const created = { 201: dataOf(consentsSchema) };

/** The Investor Consent tab (spec §2.1) and the investor's own consents in the portal. */
export function consentsRoutes(service: ConsentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/investors/:id/consents',
      {
        config: { access: access.permission('investors', 'show') },
        schema: {
          tags,
          summary: 'Consents: the state of each kind and the full log, newest first',
          params: idParamsSchema,
          response,
        },
      },
      async (request) => ({ data: await service.get(request.params.id) }),
    );

    app.post(
      '/api/investors/:id/consents',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary: 'Record a consent given or withdrawn on the investor’s behalf (appended to the log)',
          params: idParamsSchema,
          body: consentInputSchema,
          response: created,
        },
      },
      async (request, reply) => {
        const data = await service.record(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/profile/consents',
      {
        config: { access: access.investor },
        schema: { tags: ['Investor portal'], summary: 'The signed-in investor’s consents', response },
      },
      async (request) => ({ data: await service.get(requireUser(request).id) }),
    );

    app.post(
      '/api/profile/consents',
      {
        config: { access: access.investor },
        schema: {
          tags: ['Investor portal'],
          summary: 'Give or withdraw a consent',
          body: consentInputSchema,
          response: created,
        },
      },
      async (request, reply) => {
        const data = await service.record(actorOf(request), requireUser(request).id, request.body);
        return reply.code(201).send({ data });
      },
    );
  };
}

import {
  categorisationSchema,
  categorisationSignatureInputSchema,
  dataOf,
  idParamsSchema,
  newCategorisationInputSchema,
  profileCategorisationSchema,
  rejectionInputSchema,
  pathIdSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import type { CategorisationsService } from './categorisations.service';

const tags = ['Investor compliance'];
const one = { 200: dataOf(categorisationSchema) };
const decisionParams = z.object({
  id: pathIdSchema,
  categorisationId: pathIdSchema,
});

/** The Investor Category tab (spec §2.1) and the investor's own categorisation in the portal. */
export function categorisationsRoutes(service: CategorisationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/investors/:id/categorisations',
      {
        config: { access: access.permission('investors', 'show') },
        schema: {
          tags,
          summary: 'Categorisations, most recently signed first; the valid one has is_current',
          params: idParamsSchema,
          response: { 200: dataOf(z.array(categorisationSchema)) },
        },
      },
      async (request) => ({ data: await service.list(request.params.id) }),
    );

    app.post(
      '/api/investors/:id/categorisations',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary: 'Record a statement the investor signed on a date (valid for 12 months)',
          description:
            'The statement version must be the current one and the answers must satisfy its questions. Approved at once, or pending when compliance_test_requires_categorisation_approval is on.',
          params: idParamsSchema,
          body: newCategorisationInputSchema,
          response: { 201: dataOf(categorisationSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.record(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.post(
      '/api/investors/:id/categorisations/:categorisationId/approve',
      {
        config: { access: access.permission('investor_category', 'update') },
        schema: {
          tags,
          summary: 'Approve a pending categorisation (the investor is notified)',
          params: decisionParams,
          response: one,
        },
      },
      async (request) => ({
        data: await service.approve(actorOf(request), request.params.id, request.params.categorisationId),
      }),
    );

    app.post(
      '/api/investors/:id/categorisations/:categorisationId/reject',
      {
        config: { access: access.permission('investor_category', 'update') },
        schema: {
          tags,
          summary: 'Reject a pending categorisation with a reason (the investor is notified)',
          params: decisionParams,
          body: rejectionInputSchema,
          response: one,
        },
      },
      async (request) => ({
        data: await service.reject(
          actorOf(request),
          request.params.id,
          request.params.categorisationId,
          request.body.reason,
        ),
      }),
    );

    app.get(
      '/api/profile/categorisation',
      {
        config: { access: access.investor },
        schema: {
          tags: ['Investor portal'],
          summary: 'The signed-in investor’s categorisation and the statements they may sign',
          response: { 200: dataOf(profileCategorisationSchema) },
        },
      },
      async (request) => ({ data: await service.forInvestor(requireUser(request).id) }),
    );

    app.post(
      '/api/profile/categorisation',
      {
        config: { access: access.investor },
        schema: {
          tags: ['Investor portal'],
          summary: 'Sign a categorisation statement now',
          body: categorisationSignatureInputSchema,
          response: { 201: dataOf(categorisationSchema) },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const data = await service.signAsInvestor(actorOf(request), user.id, request.body);
        return reply.code(201).send({ data });
      },
    );
  };
}

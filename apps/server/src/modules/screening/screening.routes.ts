import {
  dataOf,
  identityUploadFieldsSchema,
  idParamsSchema,
  investorScreeningSchema,
  pathIdSchema,
  profileIdentitySchema,
  screeningDecisionInputSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import type { ScreeningService } from './screening.service';

const portal = ['Investor portal'];
const tags = ['Investor compliance'];
const decisionParams = z.object({ id: pathIdSchema, checkId: pathIdSchema });

/** Identity and AML screening: the investor's evidence, and the staff decision (404 while the feature is off). */
export function screeningRoutes(service: ScreeningService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/profile/identity',
      {
        config: { access: access.investor },
        schema: {
          tags: portal,
          summary: 'The signed-in investor’s identity check: where it stands, what is missing, history',
          response: { 200: dataOf(profileIdentitySchema) },
        },
      },
      async (request) => ({ data: await service.mine(requireUser(request).id) }),
    );

    app.post(
      '/api/profile/identity',
      {
        config: { access: access.investor },
        schema: {
          tags: portal,
          summary:
            'Send identity evidence for screening (multipart: identity_document, proof_of_address); refused while a check awaits review or has passed',
          body: identityUploadFieldsSchema,
          response: { 201: dataOf(profileIdentitySchema) },
        },
      },
      async (request, reply) => {
        const data = await service.submitMine(actorOf(request), requireUser(request).id, request.uploads);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/investors/:id/screening',
      {
        config: { access: access.permission('investors', 'show') },
        schema: {
          tags,
          summary: 'The investor’s screening checks, with the evidence and which check to run',
          params: idParamsSchema,
          response: { 200: dataOf(investorScreeningSchema) },
        },
      },
      async (request) => ({ data: await service.forInvestor(request.params.id) }),
    );

    app.post(
      '/api/investors/:id/screening/:checkId/decision',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary: 'Record the decision on a check: passed, failed or referred (with a reason unless passed)',
          params: decisionParams,
          body: screeningDecisionInputSchema,
          response: { 200: dataOf(investorScreeningSchema) },
        },
      },
      async (request) => ({
        data: await service.decide(
          actorOf(request),
          request.params.id,
          request.params.checkId,
          request.body.decision,
          request.body.reason ?? null,
        ),
      }),
    );
  };
}

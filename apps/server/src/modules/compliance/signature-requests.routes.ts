import {
  dataOf,
  documentSignatureInputSchema,
  idParamsSchema,
  newSignatureRequestFieldsSchema,
  signatureRequestSchema,
  pathIdSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import type { SignatureRequestsService } from './signature-requests.service';

const tags = ['Investor compliance'];
const one = { 200: dataOf(signatureRequestSchema) };
const many = { 200: dataOf(z.array(signatureRequestSchema)) };
const id = pathIdSchema;
const requestParams = z.object({ id, requestId: id });

/** Sign PDF (spec §2.1 /admin/investors/{id}/sign-pdf/{second id}) and the investor's signing in the portal. */
export function signatureRequestsRoutes(service: SignatureRequestsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/investors/:id/signature-requests',
      {
        config: { access: access.permission('investors', 'show') },
        schema: {
          tags,
          summary: 'Documents sent to the investor to sign',
          params: idParamsSchema,
          response: many,
        },
      },
      async (request) => ({ data: await service.list(request.params.id) }),
    );

    app.post(
      '/api/investors/:id/signature-requests',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary: 'Send a PDF to sign (multipart: file, title, message); the investor is notified',
          params: idParamsSchema,
          body: newSignatureRequestFieldsSchema,
          response: { 201: dataOf(signatureRequestSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.create(
          actorOf(request),
          requireUser(request),
          request.params.id,
          request.body,
          request.uploads.file ?? [],
        );
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/investors/:id/signature-requests/:requestId',
      {
        config: { access: access.permission('investors', 'show') },
        schema: { tags, summary: 'One signature request', params: requestParams, response: one },
      },
      async (request) => ({ data: await service.get(request.params.id, request.params.requestId) }),
    );

    app.post(
      '/api/investors/:id/signature-requests/:requestId/cancel',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary: 'Withdraw a request that is still awaiting a signature',
          params: requestParams,
          response: one,
        },
      },
      async (request) => ({
        data: await service.cancel(actorOf(request), request.params.id, request.params.requestId),
      }),
    );

    const portal = ['Investor portal'];
    const ownParams = z.object({ requestId: id });
    app.get(
      '/api/profile/signature-requests',
      {
        config: { access: access.investor },
        schema: {
          tags: portal,
          summary: 'Documents the signed-in investor was asked to sign',
          response: many,
        },
      },
      async (request) => ({ data: await service.list(requireUser(request).id) }),
    );

    app.get(
      '/api/profile/signature-requests/:requestId',
      {
        config: { access: access.investor },
        schema: {
          tags: portal,
          summary: 'One document to sign, with a short-lived link to read it',
          params: ownParams,
          response: one,
        },
      },
      async (request) => ({ data: await service.get(requireUser(request).id, request.params.requestId) }),
    );

    app.post(
      '/api/profile/signature-requests/:requestId/sign',
      {
        config: { access: access.investor },
        schema: {
          tags: portal,
          summary:
            'Sign (typed or drawn): the signed, stamped PDF is stored and shown in the investor’s documents',
          params: ownParams,
          body: documentSignatureInputSchema,
          response: one,
        },
      },
      async (request) => ({
        data: await service.sign(
          actorOf(request),
          requireUser(request),
          request.params.requestId,
          request.body,
        ),
      }),
    );
  };
}

import {
  approvePaDealInputSchema,
  createPaDealInputSchema,
  dataOf,
  executePaDealInputSchema,
  paDealListSchema,
  paDealSchema,
  paDealsListQuery,
  pathIdSchema,
  refusePaDealInputSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import { listQuerySchema, requestUrl } from '../../platform/list-query/http';
import type { PaDealsService } from './pa-deals.service';

const tags = ['Personal account dealing'];
const idParams = z.object({ id: pathIdSchema });
const created = dataOf(z.object({ id: z.number().int() }));
// Every staff member declares and follows their own deals; compliance decides (spec §6, issue 21).
const STAFF = { access: access.staff, feature: 'marketSounding' as const };
const DECIDE = { access: access.permission('compliance', 'update'), feature: 'marketSounding' as const };

/** Personal-account dealing (issue 21, FCA COBS 11.7.4): pre-clearance, decision and execution. */
export function paDealsRoutes(service: PaDealsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/pa-deals',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Personal account deals: one’s own, or everyone’s with the compliance permission',
          description:
            'Newest first. Filters: status (pending, approved, refused, executed, withdrawn), user_id (compliance ' +
            'only: others see their own whatever they send). insider_warning lists the insider lists on which ' +
            'the dealing staff member is currently an insider for the issuer (same deal or opportunity, or the ' +
            'same company name ignoring case), and the permanent insider list.',
          querystring: listQuerySchema(paDealsListQuery),
          response: { 200: paDealListSchema },
        },
      },
      async (request) => service.list(requireUser(request), request.query, requestUrl(request)),
    );

    app.post(
      '/api/pa-deals',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Declare a personal account deal and ask for pre-clearance',
          description:
            'The signed-in staff member’s own request. A deal_id or opportunity_id that does not exist is a 422 ' +
            'on that field. Compliance staff are notified.',
          body: createPaDealInputSchema,
          response: { 201: created },
        },
      },
      async (request, reply) => {
        const data = await service.create(actorOf(request), requireUser(request), request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/pa-deals/:id',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'One personal account deal with its events',
          description: 'Someone else’s request is a 404 without the compliance permission.',
          params: idParams,
          response: { 200: dataOf(paDealSchema) },
        },
      },
      async (request) => ({ data: await service.show(requireUser(request), request.params.id) }),
    );

    app.post(
      '/api/pa-deals/:id/approve',
      {
        config: DECIDE,
        schema: {
          tags,
          summary: 'Approve a pending request (pre-clearance for 2 London business days)',
          description:
            'One’s own request is a 422 on `status` ("Someone else must decide your own request."), as is a ' +
            'request already decided or withdrawn. The requester is notified.',
          params: idParams,
          body: approvePaDealInputSchema,
          response: { 200: created },
        },
      },
      async (request) => ({
        data: await service.approve(actorOf(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/api/pa-deals/:id/refuse',
      {
        config: DECIDE,
        schema: {
          tags,
          summary: 'Refuse a pending request, with the reason',
          description: 'As approve; the reason is required (422 on `reason`).',
          params: idParams,
          body: refusePaDealInputSchema,
          response: { 200: created },
        },
      },
      async (request) => ({
        data: await service.refuse(actorOf(request), request.params.id, request.body.reason),
      }),
    );

    app.post(
      '/api/pa-deals/:id/execute',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Record the execution of one’s own approved deal',
          description:
            'executed_on is a London date, not in the future, not before the approval and not after the last ' +
            'day of pre-clearance (clearance_expires_on): a 422 on `executed_on`; quantity at most the ' +
            'requested one (422 on `quantity`); a request not approved is a 422 on `status`. Someone else’s ' +
            'request is a 404.',
          params: idParams,
          body: executePaDealInputSchema,
          response: { 200: created },
        },
      },
      async (request) => ({
        data: await service.execute(actorOf(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/api/pa-deals/:id/withdraw',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Withdraw one’s own request before it is decided',
          description: 'A request already decided is a 422 on `status`; someone else’s a 404.',
          params: idParams,
          response: { 200: created },
        },
      },
      async (request) => ({ data: await service.withdraw(actorOf(request), request.params.id) }),
    );
  };
}

import {
  dataOf,
  insiderRegisterListQuery,
  insiderRegisterListSchema,
  investorMarketSoundingListItemSchema,
  investorMarketSoundingSchema,
  marketSoundingCleanseSchema,
  marketSoundingCreateSchema,
  marketSoundingCreatedSchema,
  marketSoundingDetailSchema,
  marketSoundingListQuery,
  marketSoundingListSchema,
  marketSoundingOptOutSchema,
  marketSoundingResponseInputSchema,
  pathIdSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import { listQuerySchema, requestUrl } from '../../platform/list-query/http';
import type { InvestorMarketSoundingsService } from './investor-market-soundings.service';
import type { MarketSoundingsService } from './market-soundings.service';

const tags = ['Market soundings'];
const idParams = z.object({ id: pathIdSchema });
const feature = 'marketSounding' as const;
const staff = (action: 'index' | 'create' | 'update') => ({
  access: access.permission('compliance', action),
  feature,
});
const investor = { access: access.investor, feature };

const INVESTOR_BODY =
  '`accepted` is null until the investor decides, false once declined. `details` (the deal’s name and what is ' +
  'disclosed) is null unless accepted: until then nothing identifies the deal. A sounding not sent to the ' +
  'signed-in investor is a 404.';

/**
 * Market soundings (issue 21, UK MAR Art. 11): staff with the compliance permission sound investors about a deal
 * or a draft opportunity, cleanse it, and read the insider register; the sounded investor consents before
 * seeing anything, answers and may opt out. Every route is a 404 while the market sounding feature is off.
 */
export function marketSoundingsRoutes(
  service: MarketSoundingsService,
  investors: InvestorMarketSoundingsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/market-soundings',
      {
        config: staff('index'),
        schema: {
          tags,
          summary: 'The market soundings, newest first',
          description:
            'Filter: status (open | cleansed). Sort: created_at (default -created_at). Each with its subject ' +
            '(a pipeline deal or a draft opportunity) and its recipients counted by step.',
          querystring: listQuerySchema(marketSoundingListQuery),
          response: { 200: marketSoundingListSchema },
        },
      },
      async (request) => service.list(request.query, requestUrl(request)),
    );

    app.get(
      '/api/market-soundings/opt-outs',
      {
        config: staff('index'),
        schema: {
          tags,
          summary: 'The investors who asked not to be market sounded again',
          response: { 200: dataOf(z.array(marketSoundingOptOutSchema)) },
        },
      },
      async () => ({ data: await service.optOuts() }),
    );

    app.post(
      '/api/market-soundings',
      {
        config: staff('create'),
        schema: {
          tags,
          summary: 'Sound investors about a pipeline deal (deal_id) or a draft opportunity (opportunity_id)',
          description:
            'Exactly one of opportunity_id and deal_id (422 on both fields otherwise); an opportunity must be a ' +
            'draft. investor_ids are ids of /api/investors: an unknown or deactivated one, or one on the opt-out ' +
            'list, is a 422 on `investor_ids` naming them. The consent wording is fixed now: the MAR statement ' +
            'and the branding’s market_sounding_description. Each investor is notified without the deal being named.',
          body: marketSoundingCreateSchema,
          response: { 201: marketSoundingCreatedSchema },
        },
      },
      async (request, reply) => {
        const data = await service.create(actorOf(request), request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/market-soundings/:id',
      {
        config: staff('index'),
        schema: {
          tags,
          summary: 'One market sounding: its wording, each recipient’s state and every step, oldest first',
          params: idParams,
          response: { 200: dataOf(marketSoundingDetailSchema) },
        },
      },
      async (request) => ({ data: await service.get(request.params.id) }),
    );

    app.post(
      '/api/market-soundings/:id/cleanse',
      {
        config: staff('update'),
        schema: {
          tags,
          summary: 'Cleanse a sounding: its information was made public or is no longer inside information',
          description:
            'Once (a second time is a 422 on `reason`). Every recipient who accepted is notified, naming the deal.',
          params: idParams,
          body: marketSoundingCleanseSchema,
          response: { 200: dataOf(marketSoundingDetailSchema) },
        },
      },
      async (request) => ({
        data: await service.cleanse(actorOf(request), request.params.id, request.body),
      }),
    );

    app.get(
      '/api/insider-register',
      {
        config: staff('index'),
        schema: {
          tags: ['Insider register'],
          summary: 'The market-sounding acceptances: who, which deal, when, with what wording, their answer',
          description:
            'Filters: sounding_id, investor_id. Sort: accepted_at (default -accepted_at). id is the acceptance’s.',
          querystring: listQuerySchema(insiderRegisterListQuery),
          response: { 200: insiderRegisterListSchema },
        },
      },
      async (request) => service.register(request.query, requestUrl(request)),
    );

    app.get(
      '/api/profile/market-soundings',
      {
        config: investor,
        schema: {
          tags,
          summary: 'The signed-in investor’s market soundings, newest first',
          description: 'subject_name only once accepted.',
          response: { 200: dataOf(z.array(investorMarketSoundingListItemSchema)) },
        },
      },
      async (request) => ({ data: await investors.list(requireUser(request).id) }),
    );

    app.get(
      '/api/profile/market-soundings/:id',
      {
        config: investor,
        schema: {
          tags,
          summary: 'One of the investor’s market soundings: the consent first',
          description: `${INVESTOR_BODY} The first read before deciding is recorded (viewed), with the wording shown.`,
          params: idParams,
          response: { 200: dataOf(investorMarketSoundingSchema) },
        },
      },
      async (request) => ({ data: await investors.get(requireUser(request).id, request.params.id) }),
    );

    const decision = (path: 'accept' | 'decline', summary: string) =>
      app.post(
        `/api/profile/market-soundings/:id/${path}`,
        {
          config: investor,
          schema: {
            tags,
            summary,
            description: `${INVESTOR_BODY} Once: a second decision is a 422 on \`accepted\`, as is a decision on a cleansed sounding.`,
            params: idParams,
            response: { 200: dataOf(investorMarketSoundingSchema) },
          },
        },
        async (request) => {
          const userId = requireUser(request).id;
          const actor = actorOf(request);
          const id = request.params.id;
          return {
            data:
              path === 'accept'
                ? await investors.accept(actor, userId, id)
                : await investors.decline(actor, userId, id),
          };
        },
      );
    decision('accept', 'Accept to receive the inside information: the answer carries the deal’s details');
    decision('decline', 'Decline to receive the information: nothing of the deal is revealed');

    app.post(
      '/api/profile/market-soundings/:id/response',
      {
        config: investor,
        schema: {
          tags,
          summary:
            'Answer: 1 Interested with finance in place, 2 Interested without finance in place, 3 Not Interested',
          description: 'Once, after accepting; otherwise a 422 on `response`.',
          params: idParams,
          body: marketSoundingResponseInputSchema,
          response: { 200: dataOf(investorMarketSoundingSchema) },
        },
      },
      async (request) => ({
        data: await investors.respond(
          actorOf(request),
          requireUser(request).id,
          request.params.id,
          request.body.response,
        ),
      }),
    );

    app.post(
      '/api/profile/market-soundings/:id/opt-out',
      {
        config: investor,
        schema: {
          tags,
          summary: 'Opt out of future market soundings (whether accepted, declined or undecided); idempotent',
          params: idParams,
          response: { 200: dataOf(investorMarketSoundingSchema) },
        },
      },
      async (request) => ({
        data: await investors.optOut(actorOf(request), requireUser(request).id, request.params.id),
      }),
    );
  };
}

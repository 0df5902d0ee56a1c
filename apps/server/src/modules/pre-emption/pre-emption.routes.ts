import {
  dataOf,
  pathIdSchema,
  preEmptionChoiceInputSchema,
  preEmptionOpenInputSchema,
  preEmptionRoundSchema,
  profilePreEmptionSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import type { PreEmptionService } from './pre-emption.service';

const tags = ['Pre-emption'];
const BY_STAGE =
  'Needs the action on investment_opportunity_live (stages 1–4) or investment_opportunity_existing (5–6), by the opportunity’s stage.';
const CHOICES =
  'Choices (spec §4): 1 Don’t take, 2 Maintain (amount = the entitlement; may be left out), 3 Increase (amount above the entitlement), 4 Not applicable (staff only), 5 Awaiting (staff only), 6 Decrease (amount above nothing and below the entitlement). The entitlement is the holder’s shares ÷ all holders’ shares × the round’s maximum, in whole shares at its share price (rounded down). A choice does not reserve money: the holder reserves through POST /api/investments; until the window ends (`ends_on`, or while the round is live when none) entitlements not yet reserved are held for the holders.';
const holderParams = z.object({ id: pathIdSchema, userId: pathIdSchema });
const opportunityParams = z.object({ opportunityId: pathIdSchema });

/** Pre-emption on a new round of an existing investment (issue 11, spec §4, decision 015). */
export function preEmptionRoutes(service: PreEmptionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/opportunities/:id/pre-emption',
      {
        config: { access: access.staff },
        schema: {
          tags,
          summary: 'Make the opportunity a new round of an existing investment, with a choice per holder',
          description: `A draft or live opportunity (the round) raises for a completed or matured one (\`existing_investment_id\`); \`ends_on\` is the window's last day (null: while the round is live). Every holder gets a choice, Awaiting (Not applicable with no shares left); calling it again keeps the choices made, adds new holders and moves \`ends_on\`. Holders of a live round are notified (live and by email). \`added\` counts the choices created. ${BY_STAGE.replace('the action', '`update`')}`,
          params: z.object({ id: pathIdSchema }),
          body: preEmptionOpenInputSchema,
          response: {
            200: dataOf(preEmptionRoundSchema.extend({ added: z.number().int() })),
          },
        },
      },
      async (request) => ({
        data: await service.open(
          actorOf(request),
          requireUser(request).role_id,
          request.params.id,
          request.body,
        ),
      }),
    );

    app.get(
      '/api/opportunities/:id/pre-emption',
      {
        config: { access: access.staff },
        schema: {
          tags,
          summary: 'The round’s holders: shares, entitlement, choice, amount, who decided and when, totals',
          description: `404 when the opportunity is not a new round of an existing investment. \`totals.outstanding\` is what the entitlements hold back from others now. ${BY_STAGE.replace('the action', '`show`')}`,
          params: z.object({ id: pathIdSchema }),
          response: { 200: dataOf(preEmptionRoundSchema) },
        },
      },
      async (request) => ({
        data: await service.show(requireUser(request).role_id, request.params.id),
      }),
    );

    app.get(
      '/api/opportunities/:id/follow-on-rounds',
      {
        config: { access: access.staff },
        schema: {
          tags,
          summary: 'The new rounds raising for an existing investment (their pre-emption)',
          description: BY_STAGE.replace('the action', '`show`'),
          params: z.object({ id: pathIdSchema }),
          response: {
            200: dataOf(
              z.array(z.object({ id: z.number().int(), name: z.string(), status: z.number().int() })),
            ),
          },
        },
      },
      async (request) => ({
        data: await service.followOns(requireUser(request).role_id, request.params.id),
      }),
    );

    app.put(
      '/api/opportunities/:id/pre-emption/:userId',
      {
        config: { access: access.staff },
        schema: {
          tags,
          summary: 'Record a holder’s pre-emption choice (staff)',
          description: `${CHOICES} 404 for an investor with no choice on the round; 422 on \`amount\` when it does not fit the choice. Audited on the round and the investor. ${BY_STAGE.replace('the action', '`update`')}`,
          params: holderParams,
          body: preEmptionChoiceInputSchema,
          response: { 200: dataOf(preEmptionRoundSchema) },
        },
      },
      async (request) => ({
        data: await service.record(
          actorOf(request),
          requireUser(request).role_id,
          request.params.id,
          request.params.userId,
          request.body,
        ),
      }),
    );

    app.get(
      '/api/profile/pre-emption',
      {
        config: { access: access.investor },
        schema: {
          tags,
          summary: 'The signed-in investor’s pre-emption rights in live rounds, with their entitlements',
          response: { 200: dataOf(z.array(profilePreEmptionSchema)) },
        },
      },
      async (request) => ({ data: await service.mine(requireUser(request)) }),
    );

    app.put(
      '/api/profile/pre-emption/:opportunityId',
      {
        config: { access: access.investor },
        schema: {
          tags,
          summary: 'The signed-in investor’s choice on a round they hold (404 for any other)',
          description: `${CHOICES} The investor chooses 1, 2, 3 or 6 while the window is open (422 on \`choice\` after it ends, or for 4 and 5); staff hear of it.`,
          params: opportunityParams,
          body: preEmptionChoiceInputSchema,
          response: { 200: dataOf(profilePreEmptionSchema) },
        },
      },
      async (request) => ({
        data: await service.choose(
          actorOf(request),
          requireUser(request),
          request.params.opportunityId,
          request.body,
        ),
      }),
    );
  };
}

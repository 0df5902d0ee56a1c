import {
  dataOf,
  defaultInvestorAssociatesSchema,
  idParamsSchema,
  profilePromotionExemptionSchema,
  promotionExceptionSchema,
  recordPromotionExceptionInputSchema,
  updateDefaultInvestorAssociatesInputSchema,
  withdrawPromotionExceptionInputSchema,
  type FeatureKey,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import type { DefaultAssociatesService } from './default-associates.service';
import type { PromotionExceptionsService } from './promotion-exceptions.service';

const tags = ['Investor compliance'];
const one = dataOf(promotionExceptionSchema);

const RULE =
  'While financial_promotion_exceptions_enabled is on, live opportunities (Live - External and Live - Internal) ' +
  'reach only investors with a valid exemption on the London date today (decision 032). status is valid, ' +
  'expired (expires_on has come) or withdrawn.';

/**
 * The investor page's Promotion exemptions tab (issue 21): record and withdraw the FPO exemption under which an
 * investor may receive promotions; settings → features: the default investor associates.
 */
export function promotionExceptionsRoutes(
  service: PromotionExceptionsService,
  associates: DefaultAssociatesService,
  isEnabled: (feature: FeatureKey) => Promise<boolean>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/profile/promotion-exemption',
      {
        config: { access: access.investor },
        schema: {
          tags: ['Investor portal'],
          summary: 'Whether the signed-in investor holds a valid financial promotion exemption',
          description: `${RULE} required is true while the feature is on; valid says whether they hold one today.`,
          response: { 200: dataOf(profilePromotionExemptionSchema) },
        },
      },
      async (request) => ({
        data: await service.mine(requireUser(request).id, await isEnabled('financialPromotionExceptions')),
      }),
    );

    app.get(
      '/api/investors/:id/promotion-exceptions',
      {
        config: { access: access.permission('investors', 'show') },
        schema: {
          tags,
          summary: 'The investor’s financial promotion exemptions, current and past',
          description: RULE,
          params: idParamsSchema,
          response: { 200: dataOf(z.array(promotionExceptionSchema)) },
        },
      },
      async (request) => ({ data: await service.list(request.params.id) }),
    );

    app.post(
      '/api/investors/:id/promotion-exceptions',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary: 'Record the exemption under which the investor may receive promotions',
          description:
            'type: certified_high_net_worth (FPO art. 48), certified_sophisticated (art. 50), ' +
            'self_certified_sophisticated (art. 50A), high_net_worth_company (art. 49), investment_professional ' +
            '(art. 19) or other (description required). Evidence: evidence_reference and/or document_id (one of the ' +
            'investor’s documents). effective_on is a London date not after today; expires_on must be after it, and ' +
            'defaults to 12 months on for the signed statements (arts. 48, 50, 50A). Each a 422 on its field.',
          params: idParamsSchema,
          body: recordPromotionExceptionInputSchema,
          response: { 201: one },
        },
      },
      async (request, reply) => {
        const data = await service.record(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.post(
      '/api/promotion-exceptions/:id/withdraw',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary: 'Withdraw an exemption, with the reason: it is kept, withdrawn',
          description: 'One already withdrawn is a 422 on `reason`.',
          params: idParamsSchema,
          body: withdrawPromotionExceptionInputSchema,
          response: { 200: one },
        },
      },
      async (request) => ({
        data: await service.withdraw(actorOf(request), request.params.id, request.body.reason),
      }),
    );

    app.get(
      '/api/settings/default-investor-associates',
      {
        config: { access: access.permission('features', 'show') },
        schema: {
          tags: ['Settings'],
          summary: 'The adviser and organisation a new investor is linked to (default_investor_associates)',
          response: { 200: dataOf(defaultInvestorAssociatesSchema) },
        },
      },
      async () => ({ data: await associates.get() }),
    );

    app.put(
      '/api/settings/default-investor-associates',
      {
        config: { access: access.permission('features', 'update') },
        schema: {
          tags: ['Settings'],
          summary: 'Choose the default associates',
          description:
            'adviser_id: an active staff member (422 otherwise); organisation_id: an organisation; null clears ' +
            'either. While default_investor_associates is on, an investor who registers or whom staff add is ' +
            'linked to them in the same transaction.',
          body: updateDefaultInvestorAssociatesInputSchema,
          response: { 200: dataOf(defaultInvestorAssociatesSchema) },
        },
      },
      async (request) => ({ data: await associates.update(actorOf(request), request.body) }),
    );
  };
}

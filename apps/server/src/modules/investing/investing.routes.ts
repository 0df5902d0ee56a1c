import {
  createdInvestmentSchema,
  createInvestmentInputSchema,
  dataOf,
  firstInvestmentWarningInputSchema,
  firstInvestmentWarningSchema,
  idParamsSchema,
  investingContextSchema,
  profileInvestmentSchema,
  profileInvestmentsListQuery,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import { listQuerySchema } from '../../platform/list-query/http';
import type { Idempotency } from '../../platform/http/idempotency';
import type { InvestingService } from './investing.service';
import { KEY_USED } from './investing.words';

const tags = ['Investing'];
const investor = { access: access.investor };

/**
 * The investor's investing (issue 11, spec §2.2): /investor/investments/{slug}, investor-type and invest,
 * My Reserved Allocations, and the first-investment friction (COBS 4.12A).
 */
export function investingRoutes(service: InvestingService, idempotency: Idempotency): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/investments',
      {
        config: investor,
        schema: {
          tags,
          summary: 'Reserve an allocation in an opportunity (the signed-in investor)',
          description:
            'Buys whole shares at the share price: the amount reserved is the cost of the shares (rounded down), said in `rounding_note`. 422 with field errors: `opportunity_id` (not open to the investor, or no longer taking commitments), `amount` (below the minimum, above what remains, less than one share), `holding.*` (a vehicle that is not theirs, or a feature that is off), `terms_accepted` (investment terms on), `investor` (onboarding not complete; for a first investment, the risk warning not seen or acknowledged, or the 24-hour cooling-off not over), `idempotency_key` (the key was used for a different investment). An `Idempotency-Key` header (up to 255 characters) makes a retry answer the first response again (201, same body, header `idempotent-replayed: true`) for 24 hours; a duplicate still in flight is a 409. Staff get 403.',
          body: createInvestmentInputSchema,
          response: { 201: dataOf(createdInvestmentSchema) },
        },
      },
      // The Idempotency-Key is the platform's (decision 019): a replay answers the first response for 24 hours.
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          201,
          async () => ({
            data: (await service.invest(actorOf(request), requireUser(request), request.body)).data,
          }),
          { reused: KEY_USED },
        ),
    );

    app.post(
      '/api/profile/investments/:id/cancel',
      {
        config: investor,
        schema: {
          tags,
          summary: 'Withdraw one of the signed-in investor’s reservations (only while reserved)',
          description:
            'Cancels it with the reason “Withdrawn by the investor”, which frees the money for others. Another investor’s investment is a 404; one no longer reserved (a cash call sent, paid, completed or cancelled) a 422 on `status`.',
          params: idParamsSchema,
          response: { 200: dataOf(profileInvestmentSchema) },
        },
      },
      async (request) => ({
        data: await service.cancel(actorOf(request), requireUser(request), request.params.id),
      }),
    );

    app.get(
      '/api/profile/investments',
      {
        config: investor,
        schema: {
          tags,
          summary: 'The signed-in investor’s own investments, newest first',
          description:
            'Filters: status (reserved, awaiting_payment, paid, completed, cancelled; comma for several), opportunity_id (comma for several). Sorts: created_at, amount (default -created_at). Not paginated. The payment reference is null with hide_payment_reference; bank details are null with hide_bank_details (IBAN and SWIFT only with intl_bank_details_enabled).',
          querystring: listQuerySchema(profileInvestmentsListQuery, { paged: false }),
          response: { 200: dataOf(z.array(profileInvestmentSchema)) },
        },
      },
      async (request) => ({ data: await service.list(requireUser(request), request.query) }),
    );

    app.get(
      '/api/profile/investments/:id',
      {
        config: investor,
        schema: {
          tags,
          summary: 'One of the signed-in investor’s investments (404 for anyone else’s)',
          params: idParamsSchema,
          response: { 200: dataOf(profileInvestmentSchema) },
        },
      },
      async (request) => ({ data: await service.one(requireUser(request), request.params.id) }),
    );

    app.get(
      '/api/profile/investing/:id',
      {
        config: investor,
        schema: {
          tags,
          summary: 'What the invest pages need for an opportunity (its id): limits, gates, holdings',
          description:
            'An opportunity not open to the investor is a 404. `reasons` lists what keeps them from investing now, each with the page that fixes it: onboarding steps (email, categorisation, appropriateness, identity, documents, terms) and, for a first investment on the platform, risk_warning, risk_warning_acknowledgement and cooling_off (with the time it ends, by the server clock).',
          params: idParamsSchema,
          response: { 200: dataOf(investingContextSchema) },
        },
      },
      async (request) => ({ data: await service.context(requireUser(request), request.params.id) }),
    );

    app.post(
      '/api/profile/first-investment-warning',
      {
        config: investor,
        schema: {
          tags,
          summary: 'Record that the first-investment risk warning was shown, or acknowledged',
          description:
            '`shown` stores the personalised text and starts the 24-hour cooling-off, once: later calls keep the first view. `acknowledged` records the acknowledgement, once (422 on `action` before the warning was shown). Only for an investor with no earlier investment that was not cancelled: others get 422 on `action`. The opportunity must be open to the investor (422 on `opportunity_id`).',
          body: firstInvestmentWarningInputSchema,
          response: { 200: dataOf(firstInvestmentWarningSchema) },
        },
      },
      async (request) => ({
        data: await service.warning(actorOf(request), requireUser(request), request.body),
      }),
    );
  };
}

import {
  capitalCallInputSchema,
  capitalCallSchema,
  dataOf,
  distributionInputSchema,
  feeInputSchema,
  fundKpisSchema,
  fundMovementSchema,
  fundReversalInputSchema,
  idParamsSchema,
} from '@portico/contracts';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { idempotencyKeyOf, type Idempotency } from '../../platform/http/idempotency';
import { actorOf } from '../../platform/http/kernel';
import type { FundMoneyService } from './fund-money.service';

const tags = ['Funds'];
const read = { access: access.permission('funds', 'show'), feature: 'funds' as const };
const write = { access: access.permission('funds', 'update'), feature: 'funds' as const };
const movementParams = z.object({ id: idParamsSchema.shape.id, movement: idParamsSchema.shape.id });
const IDEMPOTENT =
  'An `Idempotency-Key` header (up to 255 characters) makes a retry answer the first response again (header `idempotent-replayed: true`) for 24 hours; the database also keeps one per fund, so one request never makes two.';
/** The request's own key for the database's one-per-request rule: its Idempotency-Key, else a fresh one. */
const requestKeyOf = (request: FastifyRequest) => idempotencyKeyOf(request) ?? randomUUID();

/** A fund's money (issue 20, decision 026): capital calls, distributions, fees and the fund measures. */
export function fundMoneyRoutes(service: FundMoneyService, idempotency: Idempotency): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/funds/:id/kpis',
      {
        config: read,
        schema: {
          tags,
          summary: 'The fund measures today: the fund’s and each commitment’s',
          description:
            'Committed, called, uncalled, paid-in, distributed, fees, value (the latest NAV; a commitment’s share of it by paid-in capital, or its cost before any NAV), DPI, RVPI, TVPI (2 decimals, null before any money is paid in) and IRR (XIRR, 6 decimals). Commitments are the investments in the fund’s opportunities that are not cancelled, in investment id order.',
          params: idParamsSchema,
          response: { 200: dataOf(fundKpisSchema) },
        },
      },
      async (request) => ({ data: await service.kpis(request.params.id) }),
    );

    app.get(
      '/api/funds/:id/capital-calls',
      {
        config: read,
        schema: {
          tags,
          summary: 'The fund’s capital calls, newest first, each with its lines and what has been paid',
          params: idParamsSchema,
          response: { 200: z.object({ data: z.array(capitalCallSchema) }) },
        },
      },
      async (request) => ({ data: await service.calls(request.params.id) }),
    );

    app.post(
      '/api/funds/:id/capital-calls',
      {
        config: write,
        schema: {
          tags,
          summary: 'Call capital: a percentage of the commitments or an amount, with a due date',
          description: `One total (a percentage: Σ commitments × percent, rounded half up to the penny) split over the commitments by commitment, each line capped at what is left uncalled of its commitment (decision 024): the lines sum to the total exactly. 422 on \`percent\`/\`amount\` when the call is more than is left uncalled or there are no commitments, on \`due_date\` for a past date. Each investor gets a notification and an email with their amount, the due date, and the bank details and payment reference unless hidden. Payments come in through POST /api/investments/{id}/payments on the commitment. ${IDEMPOTENT}`,
          params: idParamsSchema,
          body: capitalCallInputSchema,
          response: { 201: dataOf(capitalCallSchema) },
        },
      },
      async (request, reply) =>
        idempotency.run(request, reply, 201, async () => ({
          data: await service.issueCall(
            actorOf(request),
            request.params.id,
            request.body,
            requestKeyOf(request),
          ),
        })),
    );

    app.get(
      '/api/funds/:id/movements',
      {
        config: read,
        schema: {
          tags,
          summary: 'The fund’s distributions and fees, newest date first, each with its lines',
          description: 'A reversal is a movement of its own (negative amounts) naming the one it reverses.',
          params: idParamsSchema,
          response: { 200: z.object({ data: z.array(fundMovementSchema) }) },
        },
      },
      async (request) => ({ data: await service.movements(request.params.id) }),
    );

    app.post(
      '/api/funds/:id/distributions',
      {
        config: write,
        schema: {
          tags,
          summary: 'Distribute: return of capital, a gain or income, paid pro rata to paid-in capital',
          description: `Split over the commitments by what each had paid in by the date (decision 024), exact to the penny. The date is not after today (London). Investors are notified. ${IDEMPOTENT}`,
          params: idParamsSchema,
          body: distributionInputSchema,
          response: { 201: dataOf(fundMovementSchema) },
        },
      },
      async (request, reply) =>
        idempotency.run(request, reply, 201, async () => ({
          data: await service.distribute(
            actorOf(request),
            request.params.id,
            request.body,
            requestKeyOf(request),
          ),
        })),
    );

    app.post(
      '/api/funds/:id/fees',
      {
        config: write,
        schema: {
          tags,
          summary: 'Charge a fee or expense to the fund, borne pro rata to paid-in capital',
          description: `Split as a distribution is (decision 024). ${IDEMPOTENT}`,
          params: idParamsSchema,
          body: feeInputSchema,
          response: { 201: dataOf(fundMovementSchema) },
        },
      },
      async (request, reply) =>
        idempotency.run(request, reply, 201, async () => ({
          data: await service.chargeFee(
            actorOf(request),
            request.params.id,
            request.body,
            requestKeyOf(request),
          ),
        })),
    );

    app.post(
      '/api/funds/:id/movements/:movement/reversals',
      {
        config: write,
        schema: {
          tags,
          summary: 'Reverse a distribution or fee (once), with a reason',
          description:
            'A new movement with every line negated, on the original’s date; the original stays. 422 on `reason` for a reversal or one already reversed.',
          params: movementParams,
          body: fundReversalInputSchema,
          response: { 201: dataOf(fundMovementSchema) },
        },
      },
      async (request, reply) =>
        idempotency.run(request, reply, 201, async () => ({
          data: await service.reverse(
            actorOf(request),
            request.params.id,
            request.params.movement,
            request.body,
          ),
        })),
    );
  };
}

import {
  createHoldingTransactionInputSchema,
  createSharePriceInputSchema,
  dataOf,
  existingPerformanceSchema,
  holdingTransactionSchema,
  idParamsSchema,
  pathIdSchema,
  sharePriceSchema,
  updateSharePriceInputSchema,
  type InvestmentTab,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { needsTab } from '../../platform/auth/route-rules';
import { actorOf } from '../../platform/http/kernel';
import type { ExistingInvestmentsService } from './existing-investments.service';

const tags = ['Existing investments'];
const noContent = { 204: z.null().describe('No content') };
const priceParams = z.object({ id: pathIdSchema, priceId: pathIdSchema });

/** The Investment Manager sees none of these tabs of an existing investment (spec §6). */
const tab = (name: InvestmentTab) => needsTab('existing', name);

const existing = (action: 'show' | 'update') => ({
  access: access.permission('investment_opportunity_existing', action),
});

/**
 * /admin/investments/existing/{id}/details: Performance (share prices) and Transactions of a
 * completed or matured opportunity (another stage is a 404). investment_opportunity_existing `show` to
 * read, `update` to write.
 */
export function existingInvestmentsRoutes(service: ExistingInvestmentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/existing-investments/:id/performance',
      {
        config: existing('show'),
        onRequest: tab('performance'),
        schema: {
          tags,
          summary: 'The share-price history and what every holding is worth at the latest price',
          params: idParamsSchema,
          response: { 200: dataOf(existingPerformanceSchema) },
        },
      },
      async (request) => ({ data: await service.performance(request.params.id) }),
    );

    app.post(
      '/api/existing-investments/:id/share-prices',
      {
        config: existing('update'),
        onRequest: tab('performance'),
        schema: {
          tags,
          summary: 'Add a share price (one a day): a round, a valuation or an exit',
          description:
            'A second price on the same day is a 422 on `effective_on` (correct the day’s price instead), and so ' +
            'is a date after today (London).',
          params: idParamsSchema,
          body: createSharePriceInputSchema,
          response: { 201: dataOf(sharePriceSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.addPrice(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.patch(
      '/api/existing-investments/:id/share-prices/:priceId',
      {
        config: existing('update'),
        onRequest: tab('performance'),
        schema: {
          tags,
          summary: 'Correct a share price: a new price replaces it, and it is kept',
          description:
            'Prices are append-only (issue 18): the correction is a NEW price (answered, 200) on the same day ' +
            'unless `effective_on` moves it; the price corrected stays in the history with replaced_at, ' +
            'replaced_by and superseded_by_id. Correcting a price already replaced is a 422 on `price`; a date ' +
            'after today is a 422 on `effective_on`.',
          params: priceParams,
          body: updateSharePriceInputSchema,
          response: { 200: dataOf(sharePriceSchema) },
        },
      },
      async (request) => ({
        data: await service.changePrice(
          actorOf(request),
          request.params.id,
          request.params.priceId,
          request.body,
        ),
      }),
    );

    app.delete(
      '/api/existing-investments/:id/share-prices/:priceId',
      {
        config: existing('update'),
        onRequest: tab('performance'),
        schema: {
          tags,
          summary: 'Withdraw a share price: it stays in the history, replaced by none',
          description:
            'Nothing is deleted (issue 18): the price is marked replaced (replaced_at, replaced_by) with no ' +
            'successor, and no longer values any holding. Withdrawing a price already replaced is a 422 on `price`.',
          params: priceParams,
          response: noContent,
        },
      },
      async (request, reply) => {
        await service.removePrice(actorOf(request), request.params.id, request.params.priceId);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/existing-investments/:id/transactions',
      {
        config: existing('show'),
        onRequest: tab('transactions'),
        schema: {
          tags,
          summary: 'Every holder’s allotments, follow-ons, exits and dividends, oldest first',
          params: idParamsSchema,
          response: { 200: dataOf(z.array(holdingTransactionSchema)) },
        },
      },
      async (request) => ({ data: await service.transactions(request.params.id) }),
    );

    app.post(
      '/api/existing-investments/:id/transactions',
      {
        config: existing('update'),
        onRequest: tab('transactions'),
        schema: {
          tags,
          summary: 'Record a follow-on, an exit or a dividend for an investor',
          description:
            'An exit sells at most the shares the investor holds of its share class (the one given, else the ' +
            'round’s; 422 on `shares`); an exit or a dividend needs a holding (422 on `user_id`); the date cannot ' +
            'be after today (London; 422 on `occurred_on`). Allotments are written when the round completes.',
          params: idParamsSchema,
          body: createHoldingTransactionInputSchema,
          response: { 201: dataOf(holdingTransactionSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.addTransaction(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );
  };
}

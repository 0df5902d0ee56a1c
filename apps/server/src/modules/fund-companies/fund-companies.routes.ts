import {
  createFundCompanyInputSchema,
  FUND_COMPANY_COLUMNS,
  fundCompanyListSchema,
  fundCompanyReversalInputSchema,
  fundCompanySchema,
  fundCompanyStatusInputSchema,
  fundCompanyStatusListSchema,
  fundCompanyStatusSchema,
  fundCompanyTransactionInputSchema,
  fundCompanyTransactionListSchema,
  fundCompanyTransactionSchema,
  fundPortfolioSchema,
  idParamsSchema,
  pathIdSchema,
  updateFundCompanyInputSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf } from '../../platform/http/kernel';
import { permissionsOf, recordRoutes } from '../../platform/records/record-routes';
import type { FundCompaniesService } from './fund-companies.service';

const tags = ['Fund investments'];
const show = { access: access.permission('funds', 'show'), feature: 'funds' as const };
const update = { access: access.permission('funds', 'update'), feature: 'funds' as const };
const transactionParams = z.object({
  id: pathIdSchema.describe('company id'),
  transaction: pathIdSchema.describe('transaction id'),
});

/** /admin/investments/companies (spec §2.1 Fund-investment companies) and a fund's Portfolio tab. */
export function fundCompaniesRoutes(service: FundCompaniesService): FastifyPluginAsyncZod {
  return async (app) => {
    recordRoutes(app, {
      path: '/api/fund-companies',
      tags,
      access: permissionsOf('funds'),
      feature: 'funds',
      schemas: {
        record: fundCompanySchema,
        list: fundCompanyListSchema,
        create: createFundCompanyInputSchema,
        update: updateFundCompanyInputSchema,
      },
      summaries: {
        list: 'List fund-investment companies, each with its current status, cost, valuation and multiple',
        listDescription:
          'Filters: search (name or company number), fund (a fund id), status (active, exited, written_off, dormant, ipo: the current one). Sorts: name (default), first_investment_on, created_at.',
        create: 'Add a company a fund invests in (Active from its first investment date, or today)',
        get: 'One fund-investment company, with its figures',
        update: 'Change a company’s name or key information (its fund is fixed)',
        delete: 'Delete a company with no transaction (422 otherwise: record its exit or write-off instead)',
      },
      export: { filename: 'fund-investments', columns: FUND_COMPANY_COLUMNS },
      service,
    });

    app.get(
      '/api/fund-companies/:id/transactions',
      {
        config: show,
        schema: {
          tags,
          summary: 'The company’s transactions, oldest first, each with the reversal that undid it',
          params: idParamsSchema,
          response: { 200: fundCompanyTransactionListSchema },
        },
      },
      async (request) => ({ data: await service.transactions(request.params.id) }),
    );

    app.post(
      '/api/fund-companies/:id/transactions',
      {
        config: update,
        schema: {
          tags,
          summary:
            'Record a transaction: an investment, a follow-on, a valuation, an exit, a write-off or a dividend',
          description:
            'Append-only. The date is not after today (London). A valuation gives the holding’s value; the money kinds an amount.',
          params: idParamsSchema,
          body: fundCompanyTransactionInputSchema,
          response: { 201: z.object({ data: fundCompanyTransactionSchema }) },
        },
      },
      async (request, reply) => {
        const data = await service.addTransaction(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.post(
      '/api/fund-companies/:id/transactions/:transaction/reversals',
      {
        config: update,
        schema: {
          tags,
          summary: 'Reverse a transaction with a new one that negates it, with a reason (once)',
          params: transactionParams,
          body: fundCompanyReversalInputSchema,
          response: { 201: z.object({ data: fundCompanyTransactionSchema }) },
        },
      },
      async (request, reply) => {
        const { id, transaction } = request.params;
        const data = await service.reverse(actorOf(request), id, transaction, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/fund-companies/:id/statuses',
      {
        config: show,
        schema: {
          tags,
          summary: 'The company’s maturity statuses, latest first (the first is the current one)',
          params: idParamsSchema,
          response: { 200: fundCompanyStatusListSchema },
        },
      },
      async (request) => ({ data: await service.statuses(request.params.id) }),
    );

    app.post(
      '/api/fund-companies/:id/statuses',
      {
        config: update,
        schema: {
          tags,
          summary: 'Record the company’s maturity status from a date',
          description:
            'Append-only; the date is not after today (London). The latest date is the current status.',
          params: idParamsSchema,
          body: fundCompanyStatusInputSchema,
          response: { 201: z.object({ data: fundCompanyStatusSchema }) },
        },
      },
      async (request, reply) => {
        const data = await service.recordStatus(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/funds/:id/portfolio',
      {
        config: show,
        schema: {
          tags,
          summary:
            'The fund’s portfolio: its companies with cost, valuation, ownership and status, and the totals',
          params: idParamsSchema,
          response: { 200: z.object({ data: fundPortfolioSchema }) },
        },
      },
      async (request) => ({ data: await service.portfolio(request.params.id) }),
    );
  };
}

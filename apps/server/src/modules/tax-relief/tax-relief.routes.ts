import {
  bulkTaxReliefCertificatesInputSchema,
  bulkTaxReliefResultSchema,
  dataOf,
  pathIdSchema,
  recordFundTaxReliefCertificateInputSchema,
  recordTaxReliefCertificateInputSchema,
  staffTaxReliefSchema,
  taxReliefCertificateSchema,
  taxReliefQuerySchema,
  taxReliefStatementSchema,
  withdrawTaxReliefCertificateInputSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { sendPdf } from '../../platform/http/send-pdf';
import { needsTab } from '../../platform/auth/route-rules';
import { actorOf, requireUser } from '../../platform/http/kernel';
import type { TaxReliefService } from './tax-relief.service';

const tags = ['Tax relief'];
const idParams = z.object({ id: pathIdSchema });
const certificateParams = z.object({ id: pathIdSchema, certificateId: pathIdSchema });

const existing = (action: 'show' | 'update') => ({
  access: access.permission('investment_opportunity_existing', action),
});
const fund = (action: 'show' | 'update') => ({
  access: access.permission('funds', action),
  feature: 'funds' as const,
});
/** The Investment Manager does not see an existing investment's Transactions tab (spec §6). */
const transactionsTab = needsTab('existing', 'transactions');

const LINE_TEXT =
  'A line is a share issue to the investor: an allotment or follow-on of an EIS or SEIS round (London date), ' +
  'or, with the funds feature on, their share of an EIS or SEIS fund’s investment in a company (split by ' +
  'paid-in capital at its date, decision 024). relief_amount is amount × rate (EIS 0.30, SEIS 0.50), exact, ' +
  'rounded down to the penny; tax_year is the year the UK tax year starts (6 April), tax_year_label "2025/26". ' +
  'certificate.status is received (a certificate recorded and not withdrawn) or awaited.';

/**
 * EIS/SEIS relief (issue 20): the investor's relief statement and its PDF; staff record the EIS3/SEIS3
 * certificates of an existing investment's share issues (one, or every awaited one at once) and the EIS5 of an
 * EIS fund's company investments per investor, and withdraw a certificate recorded by mistake.
 */
export function taxReliefRoutes(service: TaxReliefService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/portfolio/tax-relief',
      {
        config: { access: access.investor },
        schema: {
          tags,
          summary: 'The signed-in investor’s EIS/SEIS relief statement, oldest share issue first',
          description: `${LINE_TEXT} Only the investor’s own lines; totals per tax year and currency, newest first. tax_year filters to one tax year.`,
          querystring: taxReliefQuerySchema,
          response: { 200: dataOf(taxReliefStatementSchema) },
        },
      },
      async (request) => ({
        data: await service.statement(requireUser(request).id, request.query.tax_year),
      }),
    );

    app.get(
      '/api/portfolio/tax-relief.pdf',
      {
        config: { access: access.investor },
        schema: {
          tags,
          summary: 'The investor’s EIS/SEIS relief statement as a PDF',
          description:
            'The statement of GET /api/portfolio/tax-relief, grouped by tax year, drawn on a worker thread.',
          querystring: taxReliefQuerySchema,
        },
      },
      async (request, reply) => {
        return sendPdf(reply, await service.statementPdf(requireUser(request), request.query.tax_year));
      },
    );

    app.get(
      '/api/portfolio/tax-relief/certificates/:id',
      {
        config: { access: access.investor },
        schema: {
          tags,
          summary: 'One of the investor’s own relief certificates',
          description: 'A 404 for another investor’s certificate.',
          params: idParams,
          response: { 200: dataOf(taxReliefCertificateSchema) },
        },
      },
      async (request) => ({ data: await service.ownCertificate(requireUser(request).id, request.params.id) }),
    );

    app.get(
      '/api/existing-investments/:id/transactions/tax-relief',
      {
        config: existing('show'),
        onRequest: transactionsTab,
        schema: {
          tags,
          summary: 'The round’s EIS/SEIS share issues, each with its certificate received or awaited',
          description:
            'No lines when the round is not EIS or SEIS (relief "none"). A 404 for an opportunity that is not an existing investment.',
          params: idParams,
          response: { 200: dataOf(staffTaxReliefSchema) },
        },
      },
      async (request) => ({ data: await service.roundRelief(request.params.id) }),
    );

    app.post(
      '/api/existing-investments/:id/transactions/tax-relief/certificates',
      {
        config: existing('update'),
        onRequest: transactionsTab,
        schema: {
          tags,
          summary: 'Record the EIS3 or SEIS3 certificate of one allotment or follow-on',
          description:
            'The scheme follows the round (EIS: EIS3, SEIS: SEIS3). issued_on is a London date, not after today and ' +
            'not before the share issue (422 on `issued_on`); a share issue that is not this round’s is a 422 on ' +
            '`holding_transaction_id`; one that already has a certificate a 422 on `reference` (withdraw it first).',
          params: idParams,
          body: recordTaxReliefCertificateInputSchema,
          response: { 201: dataOf(taxReliefCertificateSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.recordDirect(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.post(
      '/api/existing-investments/:id/transactions/tax-relief/certificates/bulk',
      {
        config: existing('update'),
        onRequest: transactionsTab,
        schema: {
          tags,
          summary: 'Certificates issued on a date for every share issue of the round still awaiting one',
          description:
            'Each certificate’s reference is the prefix followed by the share issue’s id. Share issues dated after ' +
            '`issued_on` stay awaited. Answers how many were recorded (0 when none awaited).',
          params: idParams,
          body: bulkTaxReliefCertificatesInputSchema,
          response: { 200: dataOf(bulkTaxReliefResultSchema) },
        },
      },
      async (request) => ({
        data: await service.bulkDirect(actorOf(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/api/existing-investments/:id/transactions/tax-relief/certificates/:certificateId/withdraw',
      {
        config: existing('update'),
        onRequest: transactionsTab,
        schema: {
          tags,
          summary:
            'Withdraw a certificate recorded by mistake: it is kept, withdrawn, and the issue awaits one again',
          description:
            'A certificate already withdrawn is a 422 on `certificate`; one not of this round a 404.',
          params: certificateParams,
          body: withdrawTaxReliefCertificateInputSchema,
          response: { 200: dataOf(taxReliefCertificateSchema) },
        },
      },
      async (request) => ({
        data: await service.withdrawDirect(
          actorOf(request),
          request.params.id,
          request.params.certificateId,
          request.body.reason,
        ),
      }),
    );

    app.get(
      '/api/funds/:id/tax-relief',
      {
        config: fund('show'),
        schema: {
          tags,
          summary: 'Each investor’s share of the fund’s company investments, with its EIS5 certificate',
          description:
            'An EIS fund’s (or SEIS fund’s) investments and follow-ons in companies, not reversed, each split over the ' +
            'commitments by paid-in capital at its date; no lines for a fund without relief.',
          params: idParams,
          response: { 200: dataOf(staffTaxReliefSchema) },
        },
      },
      async (request) => ({ data: await service.fundRelief(request.params.id) }),
    );

    app.post(
      '/api/funds/:id/tax-relief/certificates',
      {
        config: fund('update'),
        schema: {
          tags,
          summary:
            'Record one investor’s EIS5 (SEIS3 for a SEIS fund) for one of the fund’s company investments',
          description:
            'A company investment of another fund, or one in which the investor has no share, is a 422 on ' +
            '`fund_company_transaction_id`; dates and duplicates as for a direct certificate.',
          params: idParams,
          body: recordFundTaxReliefCertificateInputSchema,
          response: { 201: dataOf(taxReliefCertificateSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.recordFund(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.post(
      '/api/funds/:id/tax-relief/certificates/:certificateId/withdraw',
      {
        config: fund('update'),
        schema: {
          tags,
          summary: 'Withdraw a fund certificate recorded by mistake',
          params: certificateParams,
          body: withdrawTaxReliefCertificateInputSchema,
          response: { 200: dataOf(taxReliefCertificateSchema) },
        },
      },
      async (request) => ({
        data: await service.withdrawFund(
          actorOf(request),
          request.params.id,
          request.params.certificateId,
          request.body.reason,
        ),
      }),
    );
  };
}

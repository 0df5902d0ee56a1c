import {
  bankDetailsInputSchema,
  opportunityBankDetailsSchema,
  cancelInvestmentInputSchema,
  cashCallInputSchema,
  cashCallSchema,
  dataOf,
  idParamsSchema,
  investmentListQuerySchema,
  investmentPaymentSchema,
  manualInvestmentInputSchema,
  paymentInputSchema,
  refundInputSchema,
  staffInvestmentListSchema,
  staffInvestmentSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import type { InvestmentTransactionsService } from './investment-transactions.service';

const tags = ['Investment transactions'];
const BY_STAGE =
  'Needs the action on investment_opportunity_live (stages 1–4) or investment_opportunity_existing (5–6), by the opportunity’s stage.';
/** An existing investment's Transactions tab is hidden from the Investment Manager (spec §6). */
const NOT_EXISTING_TO_MANAGER =
  'The Investment Manager is refused (403) the investments of an existing investment (stages 5–6), as its Cap Table.';
const detailSchema = dataOf(
  z.object({ investment: staffInvestmentSchema, payments: z.array(investmentPaymentSchema) }),
);

/** The money behind a round, for staff (issue 11, spec §2.1). */
export function investmentTransactionsRoutes(service: InvestmentTransactionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/opportunities/:id/investments',
      {
        config: { access: access.staff },
        schema: {
          tags,
          summary: 'The opportunity’s investments (its Transactions tab), with totals',
          description: `Filter: status (reserved, awaiting_payment, paid, completed, cancelled; comma for several). Totals are of every investment: committed (reserved, awaiting payment, paid), called (awaiting payment, paid, completed), received (net of refunds). Newest first. ${BY_STAGE.replace('the action', '`show`')} ${NOT_EXISTING_TO_MANAGER}`,
          params: idParamsSchema,
          querystring: investmentListQuerySchema,
          response: { 200: staffInvestmentListSchema },
        },
      },
      async (request) =>
        service.listOfOpportunity(
          requireUser(request).role_id,
          request.params.id,
          request.query['filter[status]'],
        ),
    );

    app.post(
      '/api/opportunities/:id/investments',
      {
        config: { access: access.staff },
        schema: {
          tags,
          summary: 'Record a manual or private_manual investment (a deal done off the platform)',
          description: `Only while the opportunity is live (Live - External or Internal; reopen a closed round first), and never past its maximum (the opportunity's row lock, as for an investor's reservation). Shares are the whole shares the amount buys at the share price. \`paid\` records the money as received on \`invested_on\`. A manual investment notifies the investor and shows in their portal; a private_manual one is for the round's books only (never notified, not in the portal). ${BY_STAGE.replace('the action', '`update`')}`,
          params: idParamsSchema,
          body: manualInvestmentInputSchema,
          response: { 201: dataOf(staffInvestmentSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.recordManual(
          actorOf(request),
          requireUser(request).role_id,
          request.params.id,
          request.body,
        );
        return reply.code(201).send({ data });
      },
    );

    app.post(
      '/api/opportunities/:id/cash-calls',
      {
        config: { access: access.permission('cash_calls', 'create') },
        schema: {
          tags,
          summary: 'Issue a cash call to chosen (or all) reserved investments',
          description:
            'Each becomes awaiting payment with the cash call and its due date; each investor is notified and emailed the amount, due date, bank details (unless hide_bank_details; IBAN and SWIFT with intl_bank_details_enabled) and payment reference (unless hide_payment_reference). private_manual investments are called silently.',
          params: idParamsSchema,
          body: cashCallInputSchema,
          response: { 201: dataOf(cashCallSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.issueCashCall(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/investments/:id/payments',
      {
        config: { access: access.staff },
        schema: {
          tags,
          summary: 'An investment with its payments and refunds',
          description: `${BY_STAGE.replace('the action', '`show`')} ${NOT_EXISTING_TO_MANAGER}`,
          params: idParamsSchema,
          response: { 200: detailSchema },
        },
      },
      async (request) => ({
        data: await service.payments(requireUser(request).role_id, request.params.id),
      }),
    );

    app.post(
      '/api/investments/:id/payments',
      {
        config: { access: access.permission('cash_calls', 'update') },
        schema: {
          tags,
          summary: 'Record money received (all or part of what is due)',
          description:
            'Never more than is still due (422). Reaching the amount makes the investment paid and notifies the investor (Cash Call - Payment Received), by email too.',
          params: idParamsSchema,
          body: paymentInputSchema,
          response: { 201: detailSchema },
        },
      },
      async (request, reply) => {
        const data = await service.recordPayment(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.post(
      '/api/investments/:id/cancel',
      {
        config: { access: access.staff },
        schema: {
          tags,
          summary: 'Cancel an investment, with a reason (any state before completed)',
          description: `Money already received stays recorded until refunded (POST …/refund). The investor is notified with the reason (live and by email), except of a private_manual investment. ${BY_STAGE.replace('the action', '`update`')}`,
          params: idParamsSchema,
          body: cancelInvestmentInputSchema,
          response: { 200: dataOf(staffInvestmentSchema) },
        },
      },
      async (request) => ({
        data: await service.cancel(
          actorOf(request),
          requireUser(request).role_id,
          request.params.id,
          request.body.reason,
        ),
      }),
    );

    app.post(
      '/api/investments/:id/refund',
      {
        config: { access: access.permission('cash_calls', 'update') },
        schema: {
          tags,
          summary: 'Refund a cancelled investment’s money (all that was received)',
          description:
            'The investor is notified of the refund (live and by email), except of a private_manual investment.',
          params: idParamsSchema,
          body: refundInputSchema,
          response: { 201: detailSchema },
        },
      },
      async (request, reply) => {
        const data = await service.refund(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/opportunities/:id/bank-details',
      {
        config: { access: access.staff },
        schema: {
          tags,
          summary: 'Where investors pay for this raise',
          description: `With hide_bank_details_admin the details are hidden (null, hidden: true). IBAN and SWIFT only with intl_bank_details_enabled. ${BY_STAGE.replace('the action', '`show`')}`,
          params: idParamsSchema,
          response: { 200: dataOf(opportunityBankDetailsSchema) },
        },
      },
      async (request) => ({
        data: await service.bankDetails(requireUser(request).role_id, request.params.id),
      }),
    );

    app.put(
      '/api/opportunities/:id/bank-details',
      {
        config: { access: access.staff },
        schema: {
          tags,
          summary: 'Change where investors pay for this raise (fields sent change; "" clears)',
          description: `Refused (403) with hide_bank_details_admin. ${BY_STAGE.replace('the action', '`update`')}`,
          params: idParamsSchema,
          body: bankDetailsInputSchema,
          response: { 200: dataOf(opportunityBankDetailsSchema) },
        },
      },
      async (request) => ({
        data: await service.updateBankDetails(
          actorOf(request),
          requireUser(request).role_id,
          request.params.id,
          request.body,
        ),
      }),
    );

    const recordTab = (
      path: string,
      kind: 'investor' | 'organisation' | 'investment_method' | 'nominee',
      what: string,
    ) =>
      app.get(
        path,
        {
          config: { access: access.permission('investors', 'show') },
          schema: {
            tags,
            summary: `The investments ${what} (its Transactions tab), with totals`,
            description: 'Filter: status (comma for several). Needs show on investors.',
            params: idParamsSchema,
            querystring: investmentListQuerySchema,
            response: { 200: staffInvestmentListSchema },
          },
        },
        async (request) =>
          service.listOfRecord({ kind, id: request.params.id }, request.query['filter[status]']),
      );
    recordTab('/api/investors/:id/investments', 'investor', 'of an investor');
    recordTab('/api/organisations/:id/investments', 'organisation', 'held through an organisation');
    recordTab(
      '/api/investment-methods/:id/investments',
      'investment_method',
      'held through an investment method’s entities',
    );
    recordTab('/api/nominees/:id/investments', 'nominee', 'held through a nominee');
  };
}

import {
  bankDetailsInputSchema,
  opportunityBankDetailsSchema,
  cancelInvestmentInputSchema,
  cashCallInputSchema,
  cashCallSchema,
  dataOf,
  idParamsSchema,
  investmentLedgerSchema,
  investmentListQuerySchema,
  manualInvestmentInputSchema,
  paymentInputSchema,
  recordedManualInvestmentSchema,
  refundInputSchema,
  reversalInputSchema,
  unallocatedApplyInputSchema,
  unallocatedRefundInputSchema,
  staffInvestmentListSchema,
  staffInvestmentSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import type { Idempotency } from '../../platform/http/idempotency';
import { actorOf, requireUser } from '../../platform/http/kernel';
import type { InvestmentTransactionsService } from './investment-transactions.service';

const tags = ['Investment transactions'];
const BY_STAGE =
  'Needs the action on investment_opportunity_live (stages 1–4) or investment_opportunity_existing (5–6), by the opportunity’s stage.';
/** An existing investment's Transactions tab is hidden from the Investment Manager (spec §6). */
const NOT_EXISTING_TO_MANAGER =
  'The Investment Manager is refused (403) the investments of an existing investment (stages 5–6), as its Cap Table.';
const detailSchema = dataOf(investmentLedgerSchema);
const IDEMPOTENT =
  'Send an `Idempotency-Key` header (up to 255 characters) to make a retry safe: a replay with the same key and body answers the first response again (header `idempotent-replayed: true`); the same key with another body is a 422 on `idempotency_key`; a duplicate while the first is still running is a 409. Keys last 24 hours.';
const entryParamsSchema = z.object({ id: idParamsSchema.shape.id, entry: idParamsSchema.shape.id });

/** The money behind a round, for staff (issue 11, spec §2.1). */
export function investmentTransactionsRoutes(
  service: InvestmentTransactionsService,
  idempotency: Idempotency,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/opportunities/:id/investments',
      {
        config: { access: access.staff },
        schema: {
          tags,
          summary: 'The opportunity’s investments (its Transactions tab), with totals',
          description: `Filter: status (reserved, awaiting_payment, paid, completed, cancelled; comma for several). Totals are of every investment, per currency: committed (reserved, awaiting payment, paid), called (awaiting payment, paid, completed), received (net of refunds). Newest first. ${BY_STAGE.replace('the action', '`show`')} ${NOT_EXISTING_TO_MANAGER}`,
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
          description: `Only while the opportunity is live (Live - External or Internal; reopen a closed round first), and never past its maximum (the opportunity's row lock, as for an investor's reservation). Rounded as an investor's reservation: the amount recorded is what the whole shares it buys at the share price cost, the remainder not kept (\`rounding_note\` says so). \`paid\` books the money as a ledger payment received on \`invested_on\`. A manual investment notifies the investor and shows in their portal; a private_manual one is for the round's books only (never notified, not in the portal). ${BY_STAGE.replace('the action', '`update`')}`,
          params: idParamsSchema,
          body: manualInvestmentInputSchema,
          response: { 201: dataOf(recordedManualInvestmentSchema) },
        },
      },
      async (request, reply) =>
        idempotency.run(request, reply, 201, async () => ({
          data: await service.recordManual(
            actorOf(request),
            requireUser(request).role_id,
            request.params.id,
            request.body,
          ),
        })),
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
          summary: 'An investment with its ledger (payments, refunds, unallocated money, reversals)',
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
          summary: 'Book money received: one bank line, one ledger entry',
          description: `Never refused for its size: what is still due pays the investment (reaching the amount makes it paid and notifies the investor, Cash Call - Payment Received, by email too); the excess is held as the investor's unallocated money in the round (refund or apply it). A reference already booked on the investment is a 422 on \`reference\`. ${IDEMPOTENT}`,
          params: idParamsSchema,
          body: paymentInputSchema,
          response: { 201: detailSchema },
        },
      },
      async (request, reply) =>
        idempotency.run(request, reply, 201, async () => ({
          data: await service.recordPayment(actorOf(request), request.params.id, request.body),
        })),
    );

    app.post(
      '/api/investments/:id/entries/:entry/reversal',
      {
        config: { access: access.permission('cash_calls', 'update') },
        schema: {
          tags,
          summary: 'Reverse a mistaken ledger entry, with a reason',
          description: `A new entry undoes the entry's effect (entries are never changed or deleted). An entry is reversed once; a reversal is not reversed; a completed investment's paid money is not. Refused (422 on \`reason\`) when it would take the investment's or the unallocated money below zero. The entry must be on this investment's ledger (404 otherwise). ${IDEMPOTENT}`,
          params: entryParamsSchema,
          body: reversalInputSchema,
          response: { 201: detailSchema },
        },
      },
      async (request, reply) =>
        idempotency.run(request, reply, 201, async () => ({
          data: await service.reverse(
            actorOf(request),
            request.params.id,
            request.params.entry,
            request.body,
          ),
        })),
    );

    app.post(
      '/api/investments/:id/unallocated/refund',
      {
        config: { access: access.permission('cash_calls', 'update') },
        schema: {
          tags,
          summary: 'Refund the investor’s unallocated money in this round (all or part)',
          description: `Never more than is held (422 on \`amount\`). The investor is notified, except of a private_manual investment. ${IDEMPOTENT}`,
          params: idParamsSchema,
          body: unallocatedRefundInputSchema,
          response: { 201: detailSchema },
        },
      },
      async (request, reply) =>
        idempotency.run(request, reply, 201, async () => ({
          data: await service.refundUnallocated(actorOf(request), request.params.id, request.body),
        })),
    );

    app.post(
      '/api/investments/:id/unallocated/apply',
      {
        config: { access: access.permission('cash_calls', 'update') },
        schema: {
          tags,
          summary: 'Apply the investor’s unallocated money in this round to this investment',
          description: `At most what is held and what the investment still owes (422 on \`amount\`); only a reserved or called investment. Reaching the amount makes it paid. ${IDEMPOTENT}`,
          params: idParamsSchema,
          body: unallocatedApplyInputSchema,
          response: { 201: detailSchema },
        },
      },
      async (request, reply) =>
        idempotency.run(request, reply, 201, async () => ({
          data: await service.applyUnallocated(actorOf(request), request.params.id, request.body),
        })),
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
          summary: 'Refund a cancelled investment’s money (all of it, or `amount`)',
          description: `Partial refunds are entries like any other; \`refunded_at\` is set once nothing is left. The investor is notified of the refund (live and by email), except of a private_manual investment. ${IDEMPOTENT}`,
          params: idParamsSchema,
          body: refundInputSchema,
          response: { 201: detailSchema },
        },
      },
      async (request, reply) =>
        idempotency.run(request, reply, 201, async () => ({
          data: await service.refund(actorOf(request), request.params.id, request.body),
        })),
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

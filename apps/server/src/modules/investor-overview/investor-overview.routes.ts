import { dataOf, investorOverviewSchema } from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/auth/access';
import { requireUser } from '../../platform/http/kernel';
import type { InvestorOverviewService } from './investor-overview.service';

export function investorOverviewRoutes(service: InvestorOverviewService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/profile/overview',
      {
        config: { access: access.investor },
        schema: {
          tags: ['Investor overview'],
          summary: 'What needs the signed-in investor now, and how they are doing',
          description:
            'Their cash calls awaiting payment (the earliest due first; the payment reference is null with hide_payment_reference, bank details null with hide_bank_details, IBAN and SWIFT only with intl_bank_details_enabled), the pre-emption rights still to choose on in open rounds (the nearest deadline first), the first investment’s cooling-off while it runs, and the portfolio’s totals per currency (never added across currencies). Investors only: staff get 403.',
          response: { 200: dataOf(investorOverviewSchema) },
        },
      },
      async (request) => ({ data: await service.overview(requireUser(request)) }),
    );
  };
}

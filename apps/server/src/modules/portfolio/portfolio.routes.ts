import {
  dataOf,
  pathIdSchema,
  portfolioHistorySchema,
  portfolioFundDetailSchema,
  portfolioHoldingDetailSchema,
  portfolioReturnsQuerySchema,
  portfolioReturnsSchema,
  portfolioSchema,
  type PortfolioLayout,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { sendPdf } from '../../platform/http/send-pdf';
import { requireUser } from '../../platform/http/kernel';
import type { PortfolioService } from './portfolio.service';

type Layout = () => Promise<PortfolioLayout>;

const tags = ['Portfolio'];

/** The signed-in investor's holdings (spec §2.2 /investor/portfolio). */
export function portfolioRoutes(service: PortfolioService, layout?: Layout): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/portfolio',
      {
        config: { access: access.investor },
        schema: {
          tags,
          summary: 'The signed-in investor’s holdings and totals',
          description:
            'Holdings from completed and matured opportunities (`kind` "direct") and, with the funds feature on, ' +
            'the funds they hold a commitment to (`kind` "fund": committed, called, uncalled, paid_in, ' +
            'distributed, value, tvpi, dpi and xirr by the fund measures; invested = paid-in, realised = ' +
            'distributed, unrealised = value − (paid-in − capital returned), moic = TVPI). The totals span both. ' +
            'Decimal strings throughout: invested (allotments ' +
            'and follow-ons), shares held, value (shares × the latest share price), realised (exits and ' +
            'dividends), unrealised (value − the cost of the shares held), moic ((value + realised) ÷ invested, ' +
            'null when nothing invested), xirr (annual, 6 decimals, over the dated flows plus today’s value; ' +
            'null when undefined; money in is dated by the payments received), return_rate with return_basis ' +
            '(the cumulative return while the first money in is under twelve months old, else the XIRR). Valued ' +
            'at the latest price in force on or before today (London). `layout`: the columns and headline figures ' +
            'to show, in order, with their labels (settings → investor → portfolio and portfolio-stats).',
          response: { 200: dataOf(portfolioSchema) },
        },
      },
      async (request) => {
        const [portfolio, shown] = await Promise.all([
          service.portfolio(requireUser(request).id),
          layout?.(),
        ]);
        return { data: shown ? { ...portfolio, layout: shown } : portfolio };
      },
    );

    app.get(
      '/api/portfolio/history',
      {
        config: { access: access.investor },
        schema: {
          tags,
          summary: 'The portfolio’s money invested and value over time, oldest first',
          description:
            'A point at every transaction and share-price change of the investor’s holdings and today (the last ' +
            'point of each month when there are more than 150). Money is never added across currencies: ' +
            '`series_by_currency` has a series per currency held, and `points` is the one currency’s series ' +
            '(an empty list when nothing is held), or null when holdings are in several currencies.',
          response: { 200: dataOf(portfolioHistorySchema) },
        },
      },
      async (request) => ({ data: await service.history(requireUser(request).id) }),
    );

    app.get(
      '/api/portfolio/returns',
      {
        config: { access: access.investor },
        schema: {
          tags,
          summary: 'The portfolio’s figures over a date range, per currency, over direct and fund holdings',
          description:
            '`from` (default: the first money in) and `to` (default: today, London), both YYYY-MM-DD; a 422 on a ' +
            'date that is not one, `from` after `to`, or `to` after today. Per currency (never added across): ' +
            'opening (the value at the start of `from`, as at the end of the day before), paid_in (money in ' +
            'during the range, net of refunds: allotments and follow-ons dated by the payments received; ' +
            'capital paid into funds), received (exits, dividends, fund distributions), fees (funds’ fees borne), ' +
            'closing (at the end of `to`: shares × the latest price on or before it; a fund’s share of its ' +
            'latest NAV on or before it), gain = closing + received − opening − paid_in; moic = tvpi = (closing + ' +
            'received) ÷ (opening + paid_in), dpi = received ÷ (opening + paid_in), rvpi = closing ÷ (opening + ' +
            'paid_in) (2 decimals, null when nothing was held or paid in); xirr over −opening, the dated flows ' +
            'and +closing (null when undefined); return_rate cumulative while the range’s first money in is ' +
            'under twelve months before `to`, else the XIRR (return_basis). `totals` is the one currency’s ' +
            'figures, null when nothing is held or holdings are in several currencies. Funds count while the ' +
            'funds feature is on. From the first money in to today the figures are GET /api/portfolio’s totals.',
          querystring: portfolioReturnsQuerySchema,
          response: { 200: dataOf(portfolioReturnsSchema) },
        },
      },
      async (request) => ({ data: await service.returns(requireUser(request).id, request.query) }),
    );

    // Issue 20: a fund the investor holds; 404 with the funds feature off (the kernel) or without a commitment.
    const fundParams = z.object({ fundId: pathIdSchema });
    app.get(
      '/api/portfolio/funds/:fundId',
      {
        config: { access: access.investor, feature: 'funds' },
        schema: {
          tags,
          summary:
            'One fund the investor holds: its measures, commitments, calls, distributions, fees and NAVs',
          description:
            'The signed-in investor’s own commitments only, measured as GET /api/funds/{id}/kpis measures them ' +
            '(the fund measures of DOMAIN.md), and the fund’s current NAV history. A 404 when they hold no ' +
            'commitment to the fund, and while the funds feature is off.',
          params: fundParams,
          response: { 200: dataOf(portfolioFundDetailSchema) },
        },
      },
      async (request) => ({ data: await service.fund(requireUser(request).id, request.params.fundId) }),
    );

    app.get(
      '/api/portfolio/funds/:fundId/statement.pdf',
      {
        config: { access: access.investor, feature: 'funds' },
        schema: {
          tags,
          summary: 'The investor’s capital account statement in the fund, as a PDF',
          description:
            'The fund, the investor, the date, the commitment, called, paid-in, distributions by kind, fees, ' +
            'value, TVPI, DPI and IRR, then every dated entry. A 404 as for the fund’s page.',
          params: fundParams,
        },
      },
      async (request, reply) => {
        return sendPdf(reply, await service.fundStatement(requireUser(request), request.params.fundId));
      },
    );

    app.get(
      '/api/portfolio/:opportunityId',
      {
        config: { access: access.investor },
        schema: {
          tags,
          summary: 'One holding with its transactions, share-price history and public documents',
          description: 'A 404 when the investor holds nothing in that opportunity.',
          params: z.object({ opportunityId: pathIdSchema }),
          response: { 200: dataOf(portfolioHoldingDetailSchema) },
        },
      },
      async (request) => ({
        data: await service.holding(requireUser(request).id, request.params.opportunityId),
      }),
    );
  };
}

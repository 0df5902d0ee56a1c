import {
  dataOf,
  idParamsSchema,
  portfolioColumnInputSchema,
  portfolioColumnsInputSchema,
  portfolioSettingSchema,
  portfolioStatsInputSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf } from '../../platform/http/kernel';
import type { PortfolioSettingsService } from './portfolio-settings.service';

/**
 * Settings → investor → portfolio (the columns of the investor's holdings table) and portfolio-stats (the
 * headline figures above it), for staff who manage the branding; the investor reads the result as GET
 * /api/portfolio's `layout`.
 */
export function portfolioSettingsRoutes(service: PortfolioSettingsService): FastifyPluginAsyncZod {
  const tags = ['Portfolio settings'];
  const read = access.permission('branding', 'index');
  const write = access.permission('branding', 'update');
  const many = { 200: dataOf(z.array(portfolioSettingSchema)) };
  const one = { 200: dataOf(portfolioSettingSchema) };
  const ORDER =
    'Every available entry in the order shown, with `shown`, `label` (null: `default_label`, the terminology’s ' +
    'word or the fixed default).';
  const PUT =
    'The listed entries first, in the list’s order, with `shown` and `label` (absent or null: the default; ' +
    'otherwise 1 to 60 characters); entries left out keep their state and follow in their current order. A ' +
    '422 on an unknown or repeated key';

  return async (app) => {
    app.get(
      '/api/settings/portfolio-columns',
      {
        config: { access: read },
        schema: {
          tags,
          summary: 'The columns of the investor’s portfolio table',
          description: ORDER,
          response: many,
        },
      },
      async () => ({ data: await service.list('column') }),
    );

    app.put(
      '/api/settings/portfolio-columns',
      {
        config: { access: write },
        schema: {
          tags,
          summary: 'Choose, order and label the columns of the investor’s portfolio table',
          description: `${PUT}, and when no column would be shown.`,
          body: portfolioColumnsInputSchema,
          response: many,
        },
      },
      async (request) => ({ data: await service.replace(actorOf(request), 'column', request.body.columns) }),
    );

    app.get(
      '/api/settings/portfolio-columns/:id',
      {
        config: { access: read },
        schema: {
          tags,
          summary: 'One column of the investor’s portfolio table',
          params: idParamsSchema,
          response: one,
        },
      },
      async (request) => ({ data: await service.column(request.params.id) }),
    );

    app.patch(
      '/api/settings/portfolio-columns/:id',
      {
        config: { access: write },
        schema: {
          tags,
          summary: 'Relabel, show or hide one column',
          description: '`label` null returns to the default. A 422 when hiding the last column shown.',
          params: idParamsSchema,
          body: portfolioColumnInputSchema,
          response: one,
        },
      },
      async (request) => ({
        data: await service.updateColumn(actorOf(request), request.params.id, request.body),
      }),
    );

    app.get(
      '/api/settings/portfolio-stats',
      {
        config: { access: read },
        schema: {
          tags,
          summary: 'The headline figures above the investor’s portfolio',
          description: ORDER,
          response: many,
        },
      },
      async () => ({ data: await service.list('stat') }),
    );

    app.put(
      '/api/settings/portfolio-stats',
      {
        config: { access: write },
        schema: {
          tags,
          summary: 'Choose, order and label the headline figures above the investor’s portfolio',
          description: `${PUT}. Hiding every figure is allowed.`,
          body: portfolioStatsInputSchema,
          response: many,
        },
      },
      async (request) => ({ data: await service.replace(actorOf(request), 'stat', request.body.stats) }),
    );
  };
}

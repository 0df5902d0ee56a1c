import {
  createFundInputSchema,
  createFundNavInputSchema,
  FUND_COLUMNS,
  fundListSchema,
  fundNavListSchema,
  fundNavSchema,
  fundSchema,
  idParamsSchema,
  updateFundInputSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf } from '../../platform/http/kernel';
import { permissionsOf, recordRoutes } from '../../platform/records/record-routes';
import type { FundsService } from './funds.service';

const tags = ['Funds'];

/** /admin/funds (spec §2.1 Funds): pooled funds and their NAV history, behind the funds feature. */
export function fundsRoutes(service: FundsService): FastifyPluginAsyncZod {
  return async (app) => {
    recordRoutes(app, {
      path: '/api/funds',
      tags,
      access: permissionsOf('funds'),
      feature: 'funds',
      schemas: {
        record: fundSchema,
        list: fundListSchema,
        create: createFundInputSchema,
        update: updateFundInputSchema,
      },
      summaries: {
        list: 'List funds, each with its latest NAV and its date',
        listDescription:
          'Filters: search (name or description), status (1 Draft, 2 Live), active (1 Active, 0 Closed), type, tax_relief. Sorts: name (default), vintage, target_size, created_at.',
        create: 'Add a fund (a Draft, Active): name, currency and target size, the other terms optional',
        get: 'One fund, with its latest NAV',
        update:
          'Change a fund’s terms, its status or whether it is active (the currency is fixed once it has a NAV)',
        delete: 'Delete a fund that has no NAV and no opportunity (422 otherwise: close it instead)',
      },
      export: { filename: 'funds', columns: FUND_COLUMNS },
      service,
    });

    app.get(
      '/api/funds/:id/navs',
      {
        config: { access: access.permission('funds', 'show'), feature: 'funds' },
        schema: {
          tags,
          summary: 'The fund’s NAV history',
          description:
            'Every NAV, newest date first; a replaced NAV stays, with replaced_at and superseded_by_id, after the NAV that replaced it.',
          params: idParamsSchema,
          response: { 200: fundNavListSchema },
        },
      },
      async (request) => ({ data: await service.navs(request.params.id) }),
    );

    app.post(
      '/api/funds/:id/navs',
      {
        config: { access: access.permission('funds', 'update'), feature: 'funds' },
        schema: {
          tags,
          summary: 'Record the fund’s NAV at a date',
          description:
            'The date is not after today (London). A current NAV of that date is replaced by this one and kept as history.',
          params: idParamsSchema,
          body: createFundNavInputSchema,
          response: { 201: z.object({ data: fundNavSchema }) },
        },
      },
      async (request, reply) => {
        const data = await service.recordNav(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );
  };
}

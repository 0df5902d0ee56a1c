import {
  dataOf,
  KPI_COLUMNS,
  kpiChangesSchema,
  kpiInputSchema,
  kpiListSchema,
  kpiReorderInputSchema,
  kpiSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf } from '../../platform/http/kernel';
import { recordRoutes } from '../../platform/records/record-routes';
import type { KpisService } from './kpis.service';

const tags = ['Attributes: kpis'];

/** Settings → attributes → kpis: every staff role reads them; the `attributes` resource changes them. */
export function kpisRoutes(service: KpisService): FastifyPluginAsyncZod {
  return async (app) => {
    recordRoutes(app, {
      path: '/api/kpis',
      tags,
      access: {
        index: access.staff,
        show: access.staff,
        create: access.permission('attributes', 'create'),
        update: access.permission('attributes', 'update'),
        delete: access.permission('attributes', 'delete'),
      },
      schemas: { record: kpiSchema, list: kpiListSchema, create: kpiInputSchema, update: kpiChangesSchema },
      summaries: {
        list: 'KPI definitions, by category and in order',
        listDescription:
          'Filters: name (contains), kpi_category_id, unit. Sorts: category, position (default category,position), name, created_at.',
        create: 'Add a KPI at the end of its category',
        get: 'One KPI',
        update: 'Change a KPI (moved to another category, it goes to its end)',
        delete: 'Delete a KPI',
      },
      export: { filename: 'kpis', columns: KPI_COLUMNS },
      service,
    });

    app.post(
      '/api/kpis/reorder',
      {
        config: { access: access.permission('attributes', 'update') },
        schema: {
          tags,
          summary: 'Put one category’s KPIs in order (every id once)',
          body: kpiReorderInputSchema,
          response: { 200: dataOf(z.array(kpiSchema)) },
        },
      },
      async (request) => ({ data: await service.reorder(actorOf(request), request.body) }),
    );
  };
}

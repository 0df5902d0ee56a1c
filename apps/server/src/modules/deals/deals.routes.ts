import {
  createDealPerformanceInputSchema,
  createPipelineDealInputSchema,
  dataOf,
  dealPerformanceSchema,
  idParamsSchema,
  pathIdSchema,
  PIPELINE_DEAL_COLUMNS,
  pipelineDealListSchema,
  pipelineDealSchema,
  updateDealPerformanceInputSchema,
  updatePipelineDealInputSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { needsTab } from '../../platform/auth/route-rules';
import { actorOf } from '../../platform/http/kernel';
import { permissionsOf, recordRoutes } from '../../platform/records/record-routes';
import type { DealsService } from './deals.service';

const tags = ['Pipeline deals'];
const noContent = { 204: z.null().describe('No content') };
const periodParams = z.object({ id: pathIdSchema, periodId: pathIdSchema });

/** The Investment Manager does not see Performance on investments (spec §6). */
const performanceTab = needsTab('deals', 'performance');

/** /admin/investments/deals (spec §2.1): the board's deals, their moves and their performance figures. */
export function dealsRoutes(service: DealsService): FastifyPluginAsyncZod {
  return async (app) => {
    recordRoutes(app, {
      path: '/api/pipeline-deals',
      tags,
      access: permissionsOf('pipeline_deals'),
      schemas: {
        record: pipelineDealSchema,
        list: pipelineDealListSchema,
        create: createPipelineDealInputSchema,
        update: updatePipelineDealInputSchema,
      },
      summaries: {
        list: 'List deals with their pipeline, stage, industry, type and owner',
        listDescription:
          'Filters: search (deal or company name), pipeline_id, stage_id, industry_id, owner_id. Sorts: name, company_name, amount_sought, stage (the stage’s place in its pipeline), position (the place in its column), created_at (default -created_at), updated_at. The board asks for sort=stage,position.',
        create: 'Add a deal to a pipeline (in its first stage unless `stage_id` says otherwise)',
        get: 'One deal',
        update:
          'Change a deal; `stage_id` (with `pipeline_id` to change pipeline, `position` for its place in the column) moves it on the board. A stage of another pipeline answers 422.',
        delete: 'Delete a deal with its documents, notes, calls, tasks and performance figures',
      },
      export: { filename: 'deals', columns: PIPELINE_DEAL_COLUMNS },
      service,
    });

    const performance = (action: 'show' | 'update') => ({
      access: access.permission('pipeline_deals', action),
    });

    app.get(
      '/api/pipeline-deals/:id/performance',
      {
        config: performance('show'),
        onRequest: performanceTab,
        schema: {
          tags,
          summary: 'A deal’s reported figures, oldest period first',
          params: idParamsSchema,
          response: { 200: dataOf(z.array(dealPerformanceSchema)) },
        },
      },
      async (request) => ({ data: await service.performance.list(request.params.id) }),
    );

    app.post(
      '/api/pipeline-deals/:id/performance',
      {
        config: performance('update'),
        onRequest: performanceTab,
        schema: {
          tags,
          summary: 'Add a period’s figures (one set per period)',
          params: idParamsSchema,
          body: createDealPerformanceInputSchema,
          response: { 201: dataOf(dealPerformanceSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.performance.add(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.patch(
      '/api/pipeline-deals/:id/performance/:periodId',
      {
        config: performance('update'),
        onRequest: performanceTab,
        schema: {
          tags,
          summary: 'Change a period’s figures',
          params: periodParams,
          body: updateDealPerformanceInputSchema,
          response: { 200: dataOf(dealPerformanceSchema) },
        },
      },
      async (request) => ({
        data: await service.performance.change(
          actorOf(request),
          request.params.id,
          request.params.periodId,
          request.body,
        ),
      }),
    );

    app.delete(
      '/api/pipeline-deals/:id/performance/:periodId',
      {
        config: performance('update'),
        onRequest: performanceTab,
        schema: { tags, summary: 'Remove a period’s figures', params: periodParams, response: noContent },
      },
      async (request, reply) => {
        await service.performance.remove(actorOf(request), request.params.id, request.params.periodId);
        return reply.code(204).send(null);
      },
    );
  };
}

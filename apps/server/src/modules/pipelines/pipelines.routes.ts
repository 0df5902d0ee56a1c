import {
  createPipelineInputSchema,
  createStageInputSchema,
  dataOf,
  deleteStageQuerySchema,
  idParamsSchema,
  pathIdSchema,
  PIPELINE_COLUMNS,
  pipelineListSchema,
  pipelineSchema,
  pipelineStageSchema,
  pipelineOrderInputSchema,
  updatePipelineInputSchema,
  updateStageInputSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf } from '../../platform/http/kernel';
import { recordRoutes } from '../../platform/records/record-routes';
import type { PipelinesService } from './pipelines.service';

const tags = ['Pipelines'];
const noContent = { 204: z.null().describe('No content') };
const stageParams = z.object({ id: pathIdSchema, stageId: pathIdSchema });

/**
 * Reading pipelines and their stages is open to every role that may list deals (the board needs them);
 * changing them needs the `pipelines` resource (spec §6: Super Admin and Support).
 */
const READ = access.permission('pipeline_deals', 'index');
const SHOW = access.permission('pipeline_deals', 'show');
const CHANGE = access.permission('pipelines', 'update');

/** Settings → account → pipelines and pipelines/{id}/stages (spec §2.1). */
export function pipelinesRoutes(service: PipelinesService): FastifyPluginAsyncZod {
  return async (app) => {
    // Declared before /api/pipelines/:id so that "reorder" is never read as an id.
    app.post(
      '/api/pipelines/reorder',
      {
        config: { access: CHANGE },
        schema: {
          tags,
          summary: 'Put the pipelines in a new order (every pipeline id, each once)',
          body: pipelineOrderInputSchema,
          response: { 200: dataOf(z.array(pipelineSchema)) },
        },
      },
      async (request) => ({ data: await service.reorder(actorOf(request), request.body) }),
    );

    recordRoutes(app, {
      path: '/api/pipelines',
      tags,
      access: {
        index: READ,
        show: SHOW,
        create: access.permission('pipelines', 'create'),
        update: CHANGE,
        delete: access.permission('pipelines', 'delete'),
      },
      schemas: {
        record: pipelineSchema,
        list: pipelineListSchema,
        create: createPipelineInputSchema,
        update: updatePipelineInputSchema,
      },
      summaries: {
        list: 'List pipelines in order, each with stages_count and deals_count',
        listDescription:
          'Include: stages (each stage in order with its deals_count). Filters: search (name). Sorts: position (default), name, created_at.',
        create:
          'Add a pipeline with its stages in order; without `stages` it starts with Sourced, Screening, Due diligence, Investment committee, Term sheet, Completed, Declined',
        get: 'One pipeline with its stages in order',
        update: 'Rename a pipeline',
        delete: 'Delete a pipeline and its stages (refused with 422 while it holds deals)',
      },
      export: { filename: 'pipelines', columns: PIPELINE_COLUMNS },
      service,
    });

    app.get(
      '/api/pipelines/:id/stages',
      {
        config: { access: SHOW },
        schema: {
          tags,
          summary: 'A pipeline’s stages in order, each with its deals_count',
          params: idParamsSchema,
          response: { 200: dataOf(z.array(pipelineStageSchema)) },
        },
      },
      async (request) => ({ data: await service.stages(request.params.id) }),
    );

    app.post(
      '/api/pipelines/:id/stages/reorder',
      {
        config: { access: CHANGE },
        schema: {
          tags,
          summary: 'Put a pipeline’s stages in a new order (every stage id, each once)',
          params: idParamsSchema,
          body: pipelineOrderInputSchema,
          response: { 200: dataOf(z.array(pipelineStageSchema)) },
        },
      },
      async (request) => ({
        data: await service.reorderStages(actorOf(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/api/pipelines/:id/stages',
      {
        config: { access: CHANGE },
        schema: {
          tags,
          summary: 'Add a stage (at `position`, or at the end)',
          params: idParamsSchema,
          body: createStageInputSchema,
          response: { 201: dataOf(pipelineStageSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.addStage(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.patch(
      '/api/pipelines/:id/stages/:stageId',
      {
        config: { access: CHANGE },
        schema: {
          tags,
          summary: 'Rename a stage',
          params: stageParams,
          body: updateStageInputSchema,
          response: { 200: dataOf(pipelineStageSchema) },
        },
      },
      async (request) => ({
        data: await service.renameStage(
          actorOf(request),
          request.params.id,
          request.params.stageId,
          request.body,
        ),
      }),
    );

    app.delete(
      '/api/pipelines/:id/stages/:stageId',
      {
        config: { access: CHANGE },
        schema: {
          tags,
          summary:
            'Remove a stage: when it holds deals, `move_to_stage_id` names the stage of the same pipeline they move to (one transaction)',
          params: stageParams,
          querystring: deleteStageQuerySchema,
          response: noContent,
        },
      },
      async (request, reply) => {
        await service.removeStage(
          actorOf(request),
          request.params.id,
          request.params.stageId,
          request.query.move_to_stage_id,
        );
        return reply.code(204).send(null);
      },
    );
  };
}

import { dataOf, idParamsSchema, leadStatusInputSchema, leadStatusSchema } from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf } from '../../platform/http/kernel';
import type { LeadStatusesService } from './lead-statuses.service';

/**
 * Settings → investor → lead-status. Every staff member reads them (filters and forms); managing them
 * is the `investor_type` resource (investor configuration).
 */
export function leadStatusesRoutes(service: LeadStatusesService): FastifyPluginAsyncZod {
  const tags = ['Lead statuses'];
  const one = { 200: dataOf(leadStatusSchema) };

  return async (app) => {
    app.get(
      '/api/lead-statuses',
      {
        config: { access: access.staff },
        schema: {
          tags,
          summary: 'Every lead status, in order',
          response: { 200: dataOf(z.array(leadStatusSchema)) },
        },
      },
      async () => ({ data: await service.list() }),
    );

    app.post(
      '/api/lead-statuses',
      {
        config: { access: access.permission('investor_type', 'create') },
        schema: {
          tags,
          summary: 'Add a lead status',
          body: leadStatusInputSchema,
          response: { 201: dataOf(leadStatusSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.create(actorOf(request), request.body) }),
    );

    app.patch(
      '/api/lead-statuses/:id',
      {
        config: { access: access.permission('investor_type', 'update') },
        schema: {
          tags,
          summary: 'Rename, recolour or reorder a lead status',
          params: idParamsSchema,
          body: leadStatusInputSchema.partial(),
          response: one,
        },
      },
      async (request) => ({
        data: await service.update(actorOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/lead-statuses/:id',
      {
        config: { access: access.permission('investor_type', 'delete') },
        schema: {
          tags,
          summary: 'Remove a lead status (investors and contacts that had it keep no status)',
          params: idParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await service.remove(actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}

import {
  createNomineeClientInputSchema,
  createNomineeInputSchema,
  dataOf,
  idParamsSchema,
  NOMINEE_COLUMNS,
  nomineeClientListSchema,
  nomineeClientSchema,
  nomineeListSchema,
  nomineeSchema,
  updateNomineeInputSchema,
  pathIdSchema,
  nomineeClientsListQuery,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf } from '../../platform/http/kernel';
import { listQuerySchema, requestUrl } from '../../platform/list-query/http';
import { permissionsOf, recordRoutes } from '../../platform/records/record-routes';
import type { NomineesService } from './nominees.service';

const tags = ['Nominees'];
const noContent = { 204: z.null().describe('No content') };
/** Every nominee route answers 404 while nominee accounts are off (spec §2.1). */
const feature = 'nominee' as const;
const clientParams = z.object({
  id: pathIdSchema,
  clientId: pathIdSchema,
});

/** /admin/investors/nominees (spec §2.1) and the investors each nominee acts for. */
export function nomineesRoutes(service: NomineesService): FastifyPluginAsyncZod {
  return async (app) => {
    recordRoutes(app, {
      path: '/api/nominees',
      tags,
      access: permissionsOf('investors'),
      feature,
      schemas: {
        record: nomineeSchema,
        list: nomineeListSchema,
        create: createNomineeInputSchema,
        update: updateNomineeInputSchema,
      },
      summaries: {
        list: 'List nominees, each with its clients_count',
        listDescription: 'Filters: search (name or email). Sorts: name (default), created_at.',
        create: 'Add a nominee',
        get: 'One nominee',
        update: 'Change a nominee',
        delete: 'Delete a nominee (its clients are unlinked)',
      },
      export: { filename: 'nominees', columns: NOMINEE_COLUMNS },
      service,
    });

    app.get(
      '/api/nominees/:id/clients',
      {
        config: { access: access.permission('investors', 'show'), feature },
        schema: {
          tags,
          summary: 'The investors the nominee acts for',
          description:
            'Filters: search (investor name or email, designation). Sorts: name (default), designation, created_at.',
          params: idParamsSchema,
          querystring: listQuerySchema(nomineeClientsListQuery),
          response: { 200: nomineeClientListSchema },
        },
      },
      async (request) => service.clients(request.params.id, request.query, requestUrl(request)),
    );

    app.post(
      '/api/nominees/:id/clients',
      {
        config: { access: access.permission('investors', 'update'), feature },
        schema: {
          tags,
          summary: 'Add an investor as a client, with the nominee’s designation for them',
          params: idParamsSchema,
          body: createNomineeClientInputSchema,
          response: { 201: dataOf(nomineeClientSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.addClient(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.delete(
      '/api/nominees/:id/clients/:clientId',
      {
        config: { access: access.permission('investors', 'update'), feature },
        schema: { tags, summary: 'Remove a client', params: clientParams, response: noContent },
      },
      async (request, reply) => {
        await service.removeClient(actorOf(request), request.params.id, request.params.clientId);
        return reply.code(204).send(null);
      },
    );
  };
}

import {
  CONTACT_COLUMNS,
  contactListSchema,
  contactSchema,
  createContactInputSchema,
  dataOf,
  idParamsSchema,
  updateContactInputSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { listExportRoute } from '../../platform/export/export-route';
import { actorOf } from '../../platform/http/kernel';
import { listQuerySchema, requestUrl } from '../../platform/list-query/http';
import type { ContactsService } from './contacts.service';

const tags = ['Contacts'];
const one = { 200: dataOf(contactSchema) };
const noContent = { 204: z.null().describe('No content') };

/** /admin/investors/contacts (spec §2.1): CRM leads who are not (yet) portal users. */
export function contactsRoutes(service: ContactsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/contacts',
      {
        config: { access: access.permission('investors', 'index') },
        schema: {
          tags,
          summary: 'List contacts',
          description:
            'Filters: search (name or email), state (1 active, 2 inactive, 3 investment), lead_status_id, client_type, owner_id, category, created_between (YYYY-MM-DD,YYYY-MM-DD). Sorts: name, email, created_at, company (default -created_at).',
          querystring: listQuerySchema,
          response: { 200: contactListSchema },
        },
      },
      async (request) => service.list(request.query, requestUrl(request)),
    );

    listExportRoute(app, {
      path: '/api/contacts',
      access: access.permission('investors', 'index'),
      tags,
      filename: 'contacts',
      columns: CONTACT_COLUMNS,
      export: (filters, format, columns) => service.export(filters, format, columns),
    });

    app.post(
      '/api/contacts',
      {
        config: { access: access.permission('investors', 'create') },
        schema: {
          tags,
          summary: 'Add a contact',
          body: createContactInputSchema,
          response: { 201: dataOf(contactSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.create(actorOf(request), request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/contacts/:id',
      {
        config: { access: access.permission('investors', 'show') },
        schema: { tags, summary: 'One contact', params: idParamsSchema, response: one },
      },
      async (request) => ({ data: await service.get(request.params.id) }),
    );

    app.patch(
      '/api/contacts/:id',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary: 'Change a contact',
          params: idParamsSchema,
          body: updateContactInputSchema,
          response: one,
        },
      },
      async (request) => ({ data: await service.update(actorOf(request), request.params.id, request.body) }),
    );

    app.delete(
      '/api/contacts/:id',
      {
        config: { access: access.permission('investors', 'delete') },
        schema: { tags, summary: 'Delete a contact', params: idParamsSchema, response: noContent },
      },
      async (request, reply) => {
        await service.remove(actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}

import {
  contactListSchema,
  contactSchema,
  createContactInputSchema,
  dataOf,
  EXPORT_FORMATS,
  idParamsSchema,
  updateContactInputSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { EXPORT_CONTENT_TYPES } from '../../platform/export/table-export';
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

    app.get(
      '/api/contacts/export',
      {
        config: { access: access.permission('investors', 'index') },
        schema: {
          tags,
          summary: 'The filtered list as CSV or Excel',
          description:
            'The list’s filters and sort, plus format (csv or xlsx) and columns (comma-separated keys of CONTACT_COLUMNS).',
          querystring: listQuerySchema,
        },
      },
      async (request, reply) => {
        const query = request.query;
        const format = EXPORT_FORMATS.find((candidate) => candidate === query.format) ?? 'csv';
        const columns = typeof query.columns === 'string' ? query.columns.split(',').filter(Boolean) : [];
        const { format: _format, columns: _columns, ...filters } = query;
        const file = await service.export(filters, format, columns);
        const stamp = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', EXPORT_CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="contacts-${stamp}.${format}"`)
          .header('cache-control', 'no-store')
          .send(file);
      },
    );

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

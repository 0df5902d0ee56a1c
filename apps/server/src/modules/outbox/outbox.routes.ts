import {
  dataOf,
  idParamsSchema,
  outboxListSchema,
  outboxListQuery,
  outboxMailSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/auth/access';
import { listQuerySchema, requestUrl } from '../../platform/list-query/http';
import type { OutboxService } from './outbox.service';

const tags = ['Mail outbox'];

/** Settings → security: the emails the platform has written (resource `user`). */
export function outboxRoutes(service: OutboxService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/mail-outbox',
      {
        config: { access: access.permission('user', 'index') },
        schema: {
          tags,
          summary: 'List outgoing emails, newest first',
          description: 'Filters: to, subject, status. Sorts: created_at, to, subject.',
          querystring: listQuerySchema(outboxListQuery),
          response: { 200: outboxListSchema },
        },
      },
      async (request) => service.list(request.query, requestUrl(request)),
    );

    app.get(
      '/api/mail-outbox/:id',
      {
        config: { access: access.permission('user', 'show') },
        schema: {
          tags,
          summary: 'One email',
          params: idParamsSchema,
          response: { 200: dataOf(outboxMailSchema) },
        },
      },
      async (request) => ({ data: await service.get(request.params.id) }),
    );
  };
}

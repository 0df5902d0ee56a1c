import {
  addClientGroupMembersInputSchema,
  CLIENT_GROUP_COLUMNS,
  clientGroupListSchema,
  clientGroupMemberListSchema,
  clientGroupMemberSchema,
  clientGroupSchema,
  createClientGroupInputSchema,
  idParamsSchema,
  pathIdSchema,
  updateClientGroupInputSchema,
  clientGroupMembersListQuery,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf } from '../../platform/http/kernel';
import { listQuerySchema, requestUrl } from '../../platform/list-query/http';
import { permissionsOf, recordRoutes } from '../../platform/records/record-routes';
import type { ClientGroupsService } from './client-groups.service';

const tags = ['Client groups'];
const memberParams = z.object({ id: pathIdSchema, userId: pathIdSchema });

/** /admin/investors/client-groups: named groups of investors (guarded by the investors resource). */
export function clientGroupsRoutes(service: ClientGroupsService): FastifyPluginAsyncZod {
  return async (app) => {
    recordRoutes(app, {
      path: '/api/client-groups',
      tags,
      access: permissionsOf('investors'),
      schemas: {
        record: clientGroupSchema,
        list: clientGroupListSchema,
        create: createClientGroupInputSchema,
        update: updateClientGroupInputSchema,
      },
      summaries: {
        list: 'List client groups, each with its members_count and invitations_count',
        listDescription:
          'Filters: search (name or description). Sorts: name (default), members_count, created_at.',
        create: 'Add a client group',
        get: 'One client group',
        update: 'Rename a client group or change its description',
        delete: 'Delete a client group (its members stay investors; its invitations go)',
      },
      export: { filename: 'client-groups', columns: CLIENT_GROUP_COLUMNS },
      service,
    });

    app.get(
      '/api/client-groups/:id/members',
      {
        config: { access: access.permission('investors', 'show') },
        schema: {
          tags,
          summary: 'The investors in the group',
          description: 'Filters: search (name or email). Sorts: name (default), created_at.',
          params: idParamsSchema,
          querystring: listQuerySchema(clientGroupMembersListQuery),
          response: { 200: clientGroupMemberListSchema },
        },
      },
      async (request) => service.members(request.params.id, request.query, requestUrl(request)),
    );

    app.post(
      '/api/client-groups/:id/members',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary:
            'Add investors to the group (those already in stay; 422 for a user who is not an investor)',
          params: idParamsSchema,
          body: addClientGroupMembersInputSchema,
          response: { 200: z.object({ data: z.array(clientGroupMemberSchema) }) },
        },
      },
      async (request) => ({
        data: await service.addMembers(actorOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/client-groups/:id/members/:userId',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary: 'Remove an investor from the group',
          params: memberParams,
          response: { 204: z.null().describe('No content') },
        },
      },
      async (request, reply) => {
        await service.removeMember(actorOf(request), request.params.id, request.params.userId);
        return reply.code(204).send(null);
      },
    );
  };
}

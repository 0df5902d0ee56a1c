import {
  createOrganisationInputSchema,
  createOrganisationMemberInputSchema,
  dataOf,
  idParamsSchema,
  ORGANISATION_COLUMNS,
  organisationListSchema,
  organisationMemberListSchema,
  organisationMemberSchema,
  organisationSchema,
  updateOrganisationInputSchema,
  updateOrganisationMemberInputSchema,
  pathIdSchema,
  organisationMembersListQuery,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf } from '../../platform/http/kernel';
import { listQuerySchema, requestUrl } from '../../platform/list-query/http';
import { permissionsOf, recordRoutes } from '../../platform/records/record-routes';
import type { OrganisationsService } from './organisations.service';

const tags = ['Organisations'];
const noContent = { 204: z.null().describe('No content') };
const memberParams = z.object({
  id: pathIdSchema,
  memberId: pathIdSchema,
});

/** /admin/investors/organisations (spec §2.1) and their members (organisation links). */
export function organisationsRoutes(service: OrganisationsService): FastifyPluginAsyncZod {
  return async (app) => {
    recordRoutes(app, {
      path: '/api/organisations',
      tags,
      access: permissionsOf('investors'),
      schemas: {
        record: organisationSchema,
        list: organisationListSchema,
        create: createOrganisationInputSchema,
        update: updateOrganisationInputSchema,
      },
      summaries: {
        list: 'List organisations, each with its members_count',
        listDescription: 'Filters: search (name or email), type. Sorts: name (default), created_at.',
        create: 'Add an organisation',
        get: 'One organisation',
        update: 'Change an organisation',
        delete:
          'Delete an organisation (its members are unlinked; pending applications to join it are closed)',
      },
      export: { filename: 'organisations', columns: ORGANISATION_COLUMNS },
      service,
    });

    app.get(
      '/api/organisations/:id/members',
      {
        config: { access: access.permission('investors', 'show') },
        schema: {
          tags,
          summary: 'The investors linked to an organisation',
          description: 'Filters: search (name or email), role. Sorts: name (default), created_at, role.',
          params: idParamsSchema,
          querystring: listQuerySchema(organisationMembersListQuery),
          response: { 200: organisationMemberListSchema },
        },
      },
      async (request) => service.members(request.params.id, request.query, requestUrl(request)),
    );

    app.post(
      '/api/organisations/:id/members',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary: 'Link an investor to the organisation',
          params: idParamsSchema,
          body: createOrganisationMemberInputSchema,
          response: { 201: dataOf(organisationMemberSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.addMember(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.patch(
      '/api/organisations/:id/members/:memberId',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary: 'Change a member’s role',
          params: memberParams,
          body: updateOrganisationMemberInputSchema,
          response: { 200: dataOf(organisationMemberSchema) },
        },
      },
      async (request) => ({
        data: await service.changeMember(
          actorOf(request),
          request.params.id,
          request.params.memberId,
          request.body.role,
        ),
      }),
    );

    app.delete(
      '/api/organisations/:id/members/:memberId',
      {
        config: { access: access.permission('investors', 'update') },
        schema: { tags, summary: 'Unlink a member', params: memberParams, response: noContent },
      },
      async (request, reply) => {
        await service.removeMember(actorOf(request), request.params.id, request.params.memberId);
        return reply.code(204).send(null);
      },
    );
  };
}

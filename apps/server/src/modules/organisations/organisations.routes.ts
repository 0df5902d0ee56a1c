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
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { listExportRoute } from '../../platform/export/export-route';
import { actorOf } from '../../platform/http/kernel';
import { listQuerySchema, requestUrl } from '../../platform/list-query/http';
import type { OrganisationsService } from './organisations.service';

const tags = ['Organisations'];
const one = { 200: dataOf(organisationSchema) };
const noContent = { 204: z.null().describe('No content') };
const memberParams = z.object({
  id: pathIdSchema,
  memberId: pathIdSchema,
});

/** /admin/investors/organisations (spec §2.1) and their members (organisation links). */
export function organisationsRoutes(service: OrganisationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/organisations',
      {
        config: { access: access.permission('investors', 'index') },
        schema: {
          tags,
          summary: 'List organisations, each with its members_count',
          description: 'Filters: search (name or email), type. Sorts: name (default), created_at.',
          querystring: listQuerySchema,
          response: { 200: organisationListSchema },
        },
      },
      async (request) => service.list(request.query, requestUrl(request)),
    );

    listExportRoute(app, {
      path: '/api/organisations',
      access: access.permission('investors', 'index'),
      tags,
      filename: 'organisations',
      columns: ORGANISATION_COLUMNS,
      export: (filters, format, columns) => service.export(filters, format, columns),
    });

    app.post(
      '/api/organisations',
      {
        config: { access: access.permission('investors', 'create') },
        schema: {
          tags,
          summary: 'Add an organisation',
          body: createOrganisationInputSchema,
          response: { 201: dataOf(organisationSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.create(actorOf(request), request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/organisations/:id',
      {
        config: { access: access.permission('investors', 'show') },
        schema: { tags, summary: 'One organisation', params: idParamsSchema, response: one },
      },
      async (request) => ({ data: await service.get(request.params.id) }),
    );

    app.patch(
      '/api/organisations/:id',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary: 'Change an organisation',
          params: idParamsSchema,
          body: updateOrganisationInputSchema,
          response: one,
        },
      },
      async (request) => ({ data: await service.update(actorOf(request), request.params.id, request.body) }),
    );

    app.delete(
      '/api/organisations/:id',
      {
        config: { access: access.permission('investors', 'delete') },
        schema: {
          tags,
          summary:
            'Delete an organisation (its members are unlinked; pending applications to join it are closed)',
          params: idParamsSchema,
          response: noContent,
        },
      },
      async (request, reply) => {
        await service.remove(actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/organisations/:id/members',
      {
        config: { access: access.permission('investors', 'show') },
        schema: {
          tags,
          summary: 'The investors linked to an organisation',
          description: 'Filters: search (name or email), role. Sorts: name (default), created_at, role.',
          params: idParamsSchema,
          querystring: listQuerySchema,
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

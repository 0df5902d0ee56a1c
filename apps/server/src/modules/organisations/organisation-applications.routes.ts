import {
  createOrganisationApplicationInputSchema,
  dataOf,
  idParamsSchema,
  organisationApplicationListSchema,
  organisationApplicationSchema,
  organisationOptionSchema,
  organisationOptionsQuerySchema,
  rejectOrganisationApplicationInputSchema,
  organisationApplicationsListQuery,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import { listQuerySchema, requestUrl } from '../../platform/list-query/http';
import type { OrganisationApplicationsService } from './organisation-applications.service';

const one = { 200: dataOf(organisationApplicationSchema) };
/** The whole applications API answers 404 while organisation links are off (spec §2.1). */
const feature = 'organisationLinks' as const;

/**
 * Organisation applications: staff review them at /admin/investors/organisation-applications; investors
 * apply from /investor/profile/organisation-apply.
 */
export function organisationApplicationsRoutes(
  service: OrganisationApplicationsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['Organisation applications'];

    app.get(
      '/api/organisation-applications',
      {
        config: { access: access.permission('investors', 'index'), feature },
        schema: {
          tags,
          summary: 'List organisation applications',
          description:
            'Filters: status (pending, approved, rejected), search (investor name or email, organisation name). Sorts: created_at (default -created_at), status.',
          querystring: listQuerySchema(organisationApplicationsListQuery),
          response: { 200: organisationApplicationListSchema },
        },
      },
      async (request) => service.list(request.query, requestUrl(request)),
    );

    app.get(
      '/api/organisation-applications/:id',
      {
        config: { access: access.permission('investors', 'show'), feature },
        schema: { tags, summary: 'One organisation application', params: idParamsSchema, response: one },
      },
      async (request) => ({ data: await service.get(request.params.id) }),
    );

    app.post(
      '/api/organisation-applications/:id/approve',
      {
        config: { access: access.permission('investors', 'update'), feature },
        schema: {
          tags,
          summary:
            'Approve: creates the proposed organisation (or uses the existing one), links the investor with the requested role and notifies them',
          params: idParamsSchema,
          response: one,
        },
      },
      async (request) => ({ data: await service.approve(actorOf(request), request.params.id) }),
    );

    app.post(
      '/api/organisation-applications/:id/reject',
      {
        config: { access: access.permission('investors', 'update'), feature },
        schema: {
          tags,
          summary: 'Reject with a reason; the investor is notified',
          params: idParamsSchema,
          body: rejectOrganisationApplicationInputSchema,
          response: one,
        },
      },
      async (request) => ({
        data: await service.reject(actorOf(request), request.params.id, request.body.reason),
      }),
    );

    const portal = ['Investor portal'];

    app.get(
      '/api/profile/organisation-applications',
      {
        config: { access: access.investor, feature },
        schema: {
          tags: portal,
          summary: 'The signed-in investor’s organisation applications, newest first',
          response: { 200: dataOf(z.array(organisationApplicationSchema)) },
        },
      },
      async (request) => ({ data: await service.mine(requireUser(request).id) }),
    );

    app.post(
      '/api/profile/organisation-applications',
      {
        config: { access: access.investor, feature },
        schema: {
          tags: portal,
          summary: 'Apply to join an organisation (organisation_id) or to create one (proposed_name)',
          body: createOrganisationApplicationInputSchema,
          response: { 201: dataOf(organisationApplicationSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.apply(requireUser(request), actorOf(request), request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/profile/organisation-options',
      {
        config: { access: access.investor, feature },
        schema: {
          tags: portal,
          summary:
            'Organisations whose name contains q (two characters or more, at most 10), to apply to join',
          querystring: organisationOptionsQuerySchema,
          response: { 200: dataOf(z.array(organisationOptionSchema)) },
        },
      },
      async (request) => ({ data: await service.options(request.query.q) }),
    );
  };
}

import {
  createInvestorInputSchema,
  dataOf,
  idParamsSchema,
  INVESTOR_COLUMNS,
  investorListSchema,
  investorSchema,
  updateInvestorInputSchema,
  investorsListQuery,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { listExportRoute } from '../../platform/export/export-route';
import { actorOf, requireUser } from '../../platform/http/kernel';
import { listQuerySchema, requestUrl } from '../../platform/list-query/http';
import type { InvestorsService } from './investors.service';

const tags = ['Investors'];
const one = { 200: dataOf(investorSchema) };
const noContent = { 204: z.null().describe('No content') };

/** /admin/investors (spec §2.1): list, export, create, show, change, deactivate, delete. */
export function investorsRoutes(service: InvestorsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/investors',
      {
        config: { access: access.permission('investors', 'index') },
        schema: {
          tags,
          summary: 'List investors',
          description:
            'Filters: search (name or email), lead_status_id, client_type, category, compliance_passed, onboarding_state, organisation_id, owner_id, status (active, invited, deactivated), created_between (YYYY-MM-DD,YYYY-MM-DD). Sorts: name, email, created_at, last_login_at, category, onboarding_state.',
          querystring: listQuerySchema(investorsListQuery),
          response: { 200: investorListSchema },
        },
      },
      async (request) => service.list(request.query, requestUrl(request)),
    );

    listExportRoute(app, {
      path: '/api/investors',
      access: access.permission('investors', 'index'),
      tags,
      filename: 'investors',
      columns: INVESTOR_COLUMNS,
      listQuery: investorsListQuery,
      export: (filters, format, columns) => service.export(filters, format, columns),
    });

    app.post(
      '/api/investors',
      {
        config: { access: access.permission('investors', 'create') },
        schema: {
          tags,
          summary: 'Add an investor (emails them a set-password invitation unless send_invitation is false)',
          body: createInvestorInputSchema,
          response: { 201: dataOf(investorSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.create(requireUser(request), actorOf(request), request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/investors/:id',
      {
        config: { access: access.permission('investors', 'show') },
        schema: { tags, summary: 'One investor', params: idParamsSchema, response: one },
      },
      async (request) => ({ data: await service.get(request.params.id) }),
    );

    app.patch(
      '/api/investors/:id',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary: 'Change an investor’s details (a new email address must be verified again)',
          params: idParamsSchema,
          body: updateInvestorInputSchema,
          response: one,
        },
      },
      async (request) => ({ data: await service.update(actorOf(request), request.params.id, request.body) }),
    );

    app.post(
      '/api/investors/:id/deactivate',
      {
        config: { access: access.permission('investors', 'delete') },
        schema: {
          tags,
          summary: 'Deactivate: the investor can no longer sign in',
          params: idParamsSchema,
          response: one,
        },
      },
      async (request) => ({ data: await service.setActive(actorOf(request), request.params.id, false) }),
    );

    app.post(
      '/api/investors/:id/restore',
      {
        config: { access: access.permission('investors', 'update') },
        schema: { tags, summary: 'Reactivate a deactivated investor', params: idParamsSchema, response: one },
      },
      async (request) => ({ data: await service.setActive(actorOf(request), request.params.id, true) }),
    );

    app.delete(
      '/api/investors/:id',
      {
        config: { access: access.permission('investors', 'delete_unsafe') },
        schema: {
          tags,
          summary: 'Erase an investor and everything recorded about them (cannot be undone)',
          params: idParamsSchema,
          response: noContent,
        },
      },
      async (request, reply) => {
        await service.deletePermanently(actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/investors/:id/password-reset',
      {
        config: { access: access.permission('investors_password', 'update') },
        schema: {
          tags,
          summary: 'Email the investor a password reset link',
          params: idParamsSchema,
          response: noContent,
        },
      },
      async (request, reply) => {
        await service.sendPasswordReset(actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/investors/:id/resend-invitation',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary: 'Send a pending invitation again',
          params: idParamsSchema,
          response: noContent,
        },
      },
      async (request, reply) => {
        await service.resendInvitation(requireUser(request), actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}

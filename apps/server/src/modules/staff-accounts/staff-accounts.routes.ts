import {
  dataOf,
  idParamsSchema,
  inviteStaffInputSchema,
  staffAccountListSchema,
  staffAccountSchema,
  updateStaffInputSchema,
  staffAccountsListQuery,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import { listQuerySchema, requestUrl } from '../../platform/list-query/http';
import type { StaffAccountsService } from './staff-accounts.service';

const tags = ['Staff accounts'];
const one = { 200: dataOf(staffAccountSchema) };

/** Settings → account → admin-accounts (resource `user`). */
export function staffAccountsRoutes(service: StaffAccountsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin-accounts',
      {
        config: { access: access.permission('user', 'index') },
        schema: {
          tags,
          summary: 'List staff accounts',
          description:
            'Filters: search, name, email, role_id, status (active, invited, deactivated). Sorts: name, email, role_id, created_at, last_login_at. Appends: role_name.',
          querystring: listQuerySchema(staffAccountsListQuery),
          response: { 200: staffAccountListSchema },
        },
      },
      async (request) => service.list(request.query, requestUrl(request)),
    );

    app.post(
      '/api/admin-accounts',
      {
        config: { access: access.permission('user', 'create') },
        schema: {
          tags,
          summary: 'Invite a staff member (emails a set-password link)',
          body: inviteStaffInputSchema,
          response: { 201: dataOf(staffAccountSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.invite(requireUser(request), actorOf(request), request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/admin-accounts/:id',
      {
        config: { access: access.permission('user', 'show') },
        schema: { tags, summary: 'One staff account', params: idParamsSchema, response: one },
      },
      async (request) => ({ data: await service.get(request.params.id) }),
    );

    app.patch(
      '/api/admin-accounts/:id',
      {
        config: { access: access.permission('user', 'update') },
        schema: {
          tags,
          summary: 'Rename a staff member or change their role',
          params: idParamsSchema,
          body: updateStaffInputSchema,
          response: one,
        },
      },
      async (request) => ({
        data: await service.update(requireUser(request), actorOf(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/api/admin-accounts/:id/deactivate',
      {
        config: { access: access.permission('user', 'delete') },
        schema: {
          tags,
          summary: 'Deactivate a staff account and end its sessions',
          params: idParamsSchema,
          response: one,
        },
      },
      async (request) => ({
        data: await service.deactivate(requireUser(request), actorOf(request), request.params.id),
      }),
    );

    app.post(
      '/api/admin-accounts/:id/reactivate',
      {
        config: { access: access.permission('user', 'update') },
        schema: { tags, summary: 'Reactivate a staff account', params: idParamsSchema, response: one },
      },
      async (request) => ({ data: await service.reactivate(actorOf(request), request.params.id) }),
    );

    app.post(
      '/api/admin-accounts/:id/resend-invitation',
      {
        config: { access: access.permission('user', 'create') },
        schema: { tags, summary: 'Send a pending invitation again', params: idParamsSchema, response: one },
      },
      async (request) => ({
        data: await service.resendInvitation(requireUser(request), actorOf(request), request.params.id),
      }),
    );
  };
}

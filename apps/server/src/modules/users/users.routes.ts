import {
  currentUserSchema,
  dataOf,
  defineListQuery,
  idParamsSchema,
  parseListQuery,
  updateUserInputSchema,
  userSchema,
  USER_INCLUDES,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { notFound } from '../../platform/http/errors';
import { actorOf, requireUser } from '../../platform/http/kernel';
import type { UsersService } from './users.service';
import { toUserResource } from './users.mapper';

/** The user call names its relations with `include` (spec §7); only those names are accepted. */
const currentUserQuery = defineListQuery({
  table: 'users',
  filters: {},
  sorts: [],
  defaultSort: [],
  includes: USER_INCLUDES,
  fields: [],
  appends: [],
});

export function usersRoutes(service: UsersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/user',
      {
        config: { access: access.authenticated },
        schema: {
          tags: ['Account'],
          summary: 'The signed-in user, staff or investor',
          querystring: z.object({ include: z.string().optional() }),
          description:
            'include: organisations, onboardingDocuments, owner, investmentMethodEntities(.investmentMethod), leadInvestmentMethodEntities(.investmentMethod), attributeValues (the investor’s own custom attribute values), and xCount / xExists of each; relations answer in snake_case (investment_method_entities).',
          response: { 200: dataOf(currentUserSchema) },
        },
      },
      async (request) => {
        const { include } = parseListQuery(currentUserQuery, request.query);
        const user = requireUser(request);
        return { data: { ...toUserResource(user), ...(await service.includes(user, include)) } };
      },
    );

    app.patch(
      '/api/users/:id',
      {
        config: { access: access.authenticated },
        schema: {
          tags: ['Account'],
          summary: 'Change one’s own record; accepting the terms sends accepted_terms_version',
          description:
            'Another user’s id answers 404. Sent as POST with _method=PATCH in a form body by the terms modal.',
          params: idParamsSchema,
          body: updateUserInputSchema,
          response: { 200: dataOf(userSchema) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        if (request.params.id !== user.id) throw notFound('No user with that id.');
        return { data: toUserResource(await service.updateSelf(user, actorOf(request), request.body)) };
      },
    );
  };
}

import {
  createInvestmentMethodEntityInputSchema,
  createInvestmentMethodInputSchema,
  dataOf,
  idParamsSchema,
  INVESTMENT_METHOD_COLUMNS,
  investmentMethodEntityListSchema,
  investmentMethodEntitySchema,
  investmentMethodListSchema,
  investmentMethodSchema,
  updateInvestmentMethodEntityInputSchema,
  updateInvestmentMethodInputSchema,
  investmentMethodEntitiesListQuery,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf } from '../../platform/http/kernel';
import { listQuerySchema, requestUrl } from '../../platform/list-query/http';
import { permissionsOf, recordRoutes } from '../../platform/records/record-routes';
import type { InvestmentMethodsService } from './investment-methods.service';

const tags = ['Investment methods'];
const oneEntity = { 200: dataOf(investmentMethodEntitySchema) };
const entityList = { 200: dataOf(z.array(investmentMethodEntitySchema)) };
const noContent = { 204: z.null().describe('No content') };

/** /admin/investors/investment-methods (spec §2.1) and investors' and contacts' accounts with them. */
export function investmentMethodsRoutes(service: InvestmentMethodsService): FastifyPluginAsyncZod {
  return async (app) => {
    recordRoutes(app, {
      path: '/api/investment-methods',
      tags,
      access: permissionsOf('investors'),
      schemas: {
        record: investmentMethodSchema,
        list: investmentMethodListSchema,
        create: createInvestmentMethodInputSchema,
        update: updateInvestmentMethodInputSchema,
      },
      summaries: {
        list: 'List investment methods, each with its entities_count',
        listDescription: 'Filters: search (name or provider), type. Sorts: name (default), type, created_at.',
        create: 'Add an investment method',
        get: 'One investment method',
        update: 'Change an investment method',
        delete: 'Delete an investment method and every account with it',
      },
      export: { filename: 'investment-methods', columns: INVESTMENT_METHOD_COLUMNS },
      service,
    });

    app.get(
      '/api/investment-methods/:id/entities',
      {
        config: { access: access.permission('investors', 'show') },
        schema: {
          tags,
          summary: 'Investors’ and contacts’ accounts with this method',
          description:
            'Filters: search (account name or reference, holder name or email), status, holder (investor or contact). Sorts: name (default), created_at, status.',
          params: idParamsSchema,
          querystring: listQuerySchema(investmentMethodEntitiesListQuery),
          response: { 200: investmentMethodEntityListSchema },
        },
      },
      async (request) => service.entities(request.params.id, request.query, requestUrl(request)),
    );

    app.post(
      '/api/investment-methods/:id/entities',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary: 'Add an investor’s (user_id) or a contact’s (contact_id) account with this method',
          params: idParamsSchema,
          body: createInvestmentMethodEntityInputSchema,
          response: { 201: dataOf(investmentMethodEntitySchema) },
        },
      },
      async (request, reply) => {
        const data = await service.addEntity(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.patch(
      '/api/investment-method-entities/:id',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary: 'Change an account’s name, reference or status',
          params: idParamsSchema,
          body: updateInvestmentMethodEntityInputSchema,
          response: oneEntity,
        },
      },
      async (request) => ({
        data: await service.changeEntity(actorOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/investment-method-entities/:id',
      {
        config: { access: access.permission('investors', 'delete') },
        schema: { tags, summary: 'Delete an account', params: idParamsSchema, response: noContent },
      },
      async (request, reply) => {
        await service.removeEntity(actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/investors/:id/investment-method-entities',
      {
        config: { access: access.permission('investors', 'show') },
        schema: {
          tags,
          summary: 'An investor’s accounts with every investment method',
          params: idParamsSchema,
          response: entityList,
        },
      },
      async (request) => ({ data: await service.entitiesOfInvestor(request.params.id) }),
    );

    app.get(
      '/api/contacts/:id/investment-method-entities',
      {
        config: { access: access.permission('investors', 'show') },
        schema: {
          tags,
          summary: 'A contact’s (lead) accounts with every investment method',
          params: idParamsSchema,
          response: entityList,
        },
      },
      async (request) => ({ data: await service.entitiesOfContact(request.params.id) }),
    );
  };
}

import {
  dataOf,
  documentSchema,
  idParamsSchema,
  profileEntityUploadFieldsSchema,
  profileInvestmentMethodEntitySchema,
  profileOrganisationSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import type { ProfileRecordsService } from './profile-records.service';

const tags = ['Investor portal'];
const documents = { 200: dataOf(z.array(documentSchema)) };
/** Organisations show in the portal only with organisation links on (spec §2.1, §2.2). */
const organisationLinks = { access: access.investor, feature: 'organisationLinks' as const };

/**
 * /investor/profile/organisation_{id}, organisation-documents_{id}, investmentmethod_{id} and
 * investmentmethod-documents_{id}: the investor's own organisations and investment-method entities.
 */
export function profileRecordsRoutes(service: ProfileRecordsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/profile/organisations',
      {
        config: organisationLinks,
        schema: {
          tags,
          summary: 'The organisations the signed-in investor is linked to, with their role in each',
          response: { 200: dataOf(z.array(profileOrganisationSchema)) },
        },
      },
      async (request) => ({ data: await service.organisations(requireUser(request).id) }),
    );

    app.get(
      '/api/profile/organisations/:id',
      {
        config: organisationLinks,
        schema: {
          tags,
          summary: 'One of the signed-in investor’s organisations (404 unless they are linked to it)',
          params: idParamsSchema,
          response: { 200: dataOf(profileOrganisationSchema) },
        },
      },
      async (request) => ({
        data: await service.organisation(requireUser(request).id, request.params.id),
      }),
    );

    app.get(
      '/api/profile/organisations/:id/documents',
      {
        config: organisationLinks,
        schema: {
          tags,
          summary: 'The public documents of one of the signed-in investor’s organisations',
          params: idParamsSchema,
          response: documents,
        },
      },
      async (request) => ({
        data: await service.organisationDocuments(requireUser(request).id, request.params.id),
      }),
    );

    app.get(
      '/api/profile/investment-method-entities',
      {
        config: { access: access.investor },
        schema: {
          tags,
          summary: 'The signed-in investor’s accounts with investment methods (SIPPs, ISAs, trusts, …)',
          response: { 200: dataOf(z.array(profileInvestmentMethodEntitySchema)) },
        },
      },
      async (request) => ({ data: await service.entities(requireUser(request).id) }),
    );

    app.get(
      '/api/profile/investment-method-entities/:id',
      {
        config: { access: access.investor },
        schema: {
          tags,
          summary: 'One of the signed-in investor’s investment-method entities with its method',
          params: idParamsSchema,
          response: { 200: dataOf(profileInvestmentMethodEntitySchema) },
        },
      },
      async (request) => ({ data: await service.entity(requireUser(request).id, request.params.id) }),
    );

    app.get(
      '/api/profile/investment-method-entities/:id/documents',
      {
        config: { access: access.investor },
        schema: {
          tags,
          summary: 'The public documents of one of the signed-in investor’s investment-method entities',
          params: idParamsSchema,
          response: documents,
        },
      },
      async (request) => ({
        data: await service.entityDocuments(requireUser(request).id, request.params.id),
      }),
    );

    app.post(
      '/api/profile/investment-method-entities/:id/documents',
      {
        config: { access: access.investor },
        schema: {
          tags,
          summary:
            'Add documents to one of the signed-in investor’s investment-method entities (multipart: one or more `files`, optional category); staff see them on the account',
          params: idParamsSchema,
          body: profileEntityUploadFieldsSchema,
          response: { 201: dataOf(z.array(documentSchema)) },
        },
      },
      async (request, reply) => {
        const data = await service.uploadEntityDocuments(
          actorOf(request),
          requireUser(request).id,
          request.params.id,
          request.uploads.files ?? [],
          request.body,
        );
        return reply.code(201).send({ data });
      },
    );
  };
}

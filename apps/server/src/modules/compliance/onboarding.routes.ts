import {
  dataOf,
  idParamsSchema,
  investorOnboardingSchema,
  newOnboardingRequirementInputSchema,
  onboardingRequirementChangesSchema,
  onboardingRequirementOrderSchema,
  onboardingRequirementSchema,
  onboardingReviewListSchema,
  onboardingUploadFieldsSchema,
  rejectionInputSchema,
  pathIdSchema,
  onboardingReviewsListQuery,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import { listQuerySchema, requestUrl } from '../../platform/list-query/http';
import type { OnboardingDocumentsService } from './onboarding-documents.service';
import type { OnboardingRequirementsService } from './onboarding-requirements.service';

const settingsTags = ['Settings: sign-up documents'];
const tags = ['Investor compliance'];
const onboarding = { 200: dataOf(investorOnboardingSchema) };
const requirement = { 200: dataOf(onboardingRequirementSchema) };
const decisionParams = z.object({
  id: pathIdSchema,
  documentId: pathIdSchema,
});

/**
 * Settings → investor → sign-up-documents (onboarding_documents), the Onboarding Documents tab
 * (investment-documents) with its review, the review list across investors, and the investor's own.
 */
export function onboardingRoutes(
  requirements: OnboardingRequirementsService,
  service: OnboardingDocumentsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/onboarding-requirements',
      {
        config: { access: access.permission('onboarding_documents', 'index') },
        schema: {
          tags: settingsTags,
          summary: 'Sign-up documents every investor must provide or sign, in order',
          response: { 200: dataOf(z.array(onboardingRequirementSchema)) },
        },
      },
      async () => ({ data: await requirements.list() }),
    );

    app.post(
      '/api/onboarding-requirements',
      {
        config: { access: access.permission('onboarding_documents', 'create') },
        schema: {
          tags: settingsTags,
          summary: 'Add a sign-up document (onboarding states are recomputed)',
          body: newOnboardingRequirementInputSchema,
          response: { 201: dataOf(onboardingRequirementSchema) },
        },
      },
      async (request, reply) => {
        const data = await requirements.create(actorOf(request), request.body);
        return reply.code(201).send({ data });
      },
    );

    app.post(
      '/api/onboarding-requirements/reorder',
      {
        config: { access: access.permission('onboarding_documents', 'update') },
        schema: {
          tags: settingsTags,
          summary: 'Put the sign-up documents in order (every id, once)',
          body: onboardingRequirementOrderSchema,
          response: { 200: dataOf(z.array(onboardingRequirementSchema)) },
        },
      },
      async (request) => ({ data: await requirements.reorder(actorOf(request), request.body.ids) }),
    );

    app.patch(
      '/api/onboarding-requirements/:id',
      {
        config: { access: access.permission('onboarding_documents', 'update') },
        schema: {
          tags: settingsTags,
          summary: 'Change a sign-up document (onboarding states follow required and active)',
          params: idParamsSchema,
          body: onboardingRequirementChangesSchema,
          response: requirement,
        },
      },
      async (request) => ({
        data: await requirements.update(actorOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/onboarding-requirements/:id',
      {
        config: { access: access.permission('onboarding_documents', 'delete') },
        schema: {
          tags: settingsTags,
          summary: 'Delete a sign-up document nobody has submitted (otherwise deactivate it)',
          params: idParamsSchema,
          response: { 204: z.null().describe('No content') },
        },
      },
      async (request, reply) => {
        await requirements.remove(actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/onboarding-documents',
      {
        config: { access: access.permission('onboarding_documents', 'index') },
        schema: {
          tags,
          summary: 'Onboarding documents across investors: the review list',
          description:
            'Filters: status (pending, approved, rejected), requirement_id, investor_id, search (investor name or email). Sorts: created_at (default, oldest first), reviewed_at.',
          querystring: listQuerySchema(onboardingReviewsListQuery),
          response: { 200: onboardingReviewListSchema },
        },
      },
      async (request) => service.reviews(request.query, requestUrl(request)),
    );

    app.get(
      '/api/investors/:id/onboarding-documents',
      {
        config: { access: access.permission('investors', 'show') },
        schema: {
          tags,
          summary: 'Each active sign-up document with the investor’s latest submission and history',
          params: idParamsSchema,
          response: onboarding,
        },
      },
      async (request) => ({ data: await service.forInvestor(request.params.id) }),
    );

    app.post(
      '/api/investors/:id/onboarding-documents',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary:
            'Upload a document for a requirement on the investor’s behalf (multipart: requirement_id, files)',
          params: idParamsSchema,
          body: onboardingUploadFieldsSchema,
          response: { 201: dataOf(investorOnboardingSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.upload(
          actorOf(request),
          request.params.id,
          request.body.requirement_id,
          request.uploads.files ?? [],
        );
        return reply.code(201).send({ data });
      },
    );

    app.post(
      '/api/investors/:id/onboarding-documents/:documentId/approve',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary: 'Approve a submission (the investor is notified)',
          params: decisionParams,
          response: onboarding,
        },
      },
      async (request) => ({
        data: await service.approve(actorOf(request), request.params.id, request.params.documentId),
      }),
    );

    app.post(
      '/api/investors/:id/onboarding-documents/:documentId/reject',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags,
          summary: 'Reject a submission with a reason (the investor is notified)',
          params: decisionParams,
          body: rejectionInputSchema,
          response: onboarding,
        },
      },
      async (request) => ({
        data: await service.reject(
          actorOf(request),
          request.params.id,
          request.params.documentId,
          request.body.reason,
        ),
      }),
    );

    app.get(
      '/api/profile/onboarding-documents',
      {
        config: { access: access.investor },
        schema: {
          tags: ['Investor portal'],
          summary: 'The documents the signed-in investor must provide, and where each stands',
          response: onboarding,
        },
      },
      async (request) => ({ data: await service.mine(requireUser(request).id) }),
    );

    app.post(
      '/api/profile/onboarding-documents',
      {
        config: { access: access.investor },
        schema: {
          tags: ['Investor portal'],
          summary: 'Upload a document for a requirement (multipart: requirement_id, files); staff review it',
          body: onboardingUploadFieldsSchema,
          response: { 201: dataOf(investorOnboardingSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.uploadMine(
          actorOf(request),
          requireUser(request).id,
          request.body.requirement_id,
          request.uploads.files ?? [],
        );
        return reply.code(201).send({ data });
      },
    );
  };
}

import {
  can,
  complianceAnswersInputSchema,
  complianceAttemptSchema,
  complianceResultSchema,
  dataOf,
  idParamsSchema,
  profileComplianceTestSchema,
  testClockInputSchema,
  testClockSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import { complianceBankRoutes } from './compliance-bank.routes';
import type { ComplianceTestsService } from './compliance-tests.service';

const portalTags = ['Investor portal'];

/**
 * The appropriateness test: the bank's routes (compliance-bank.routes.ts), the investor's state and
 * attempt, and staff's view of an investor's attempts. The contract is fixed by issue 9.
 */
export function complianceTestsRoutes(
  service: ComplianceTestsService,
  options: { testClock: boolean },
): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(complianceBankRoutes(service));

    app.get(
      '/api/profile/compliance-test',
      {
        config: { access: access.investor },
        schema: {
          tags: portalTags,
          summary: 'Where the signed-in investor stands on the appropriateness test, and its questions',
          description:
            'Spec §4: nothing is needed when passed or the feature is off; risk-warning mode uses the second bank with 9999 tries; tries used reaching the allowed number offers no questions; a failure means a 24-hour wait (retry_at).',
          response: { 200: dataOf(profileComplianceTestSchema) },
        },
      },
      async (request) => ({ data: await service.state(requireUser(request)) }),
    );

    app.post(
      '/api/compliance-tests',
      {
        config: { access: access.investor, feature: 'complianceTest' },
        schema: {
          tags: portalTags,
          summary: 'Answer the appropriateness test; the server scores it',
          description:
            'Answers must match the questions offered (each once, options of that question only), otherwise 422. During the 24-hour wait after a failure, or with no tries left, 429 with Retry-After. 409 when already passed, or while the categorisation awaits approval (compliance_test_requires_categorisation_approval).',
          body: complianceAnswersInputSchema,
          response: { 201: dataOf(complianceResultSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.submit(actorOf(request), requireUser(request).id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/investors/:id/compliance-tests',
      {
        config: { access: access.permission('investors', 'show') },
        schema: {
          tags: ['Investor compliance'],
          summary: 'Every appropriateness test attempt of the investor, newest first, as shown and answered',
          params: idParamsSchema,
          response: { 200: dataOf(z.array(complianceAttemptSchema)) },
        },
      },
      async (request) => {
        const attempts = await service.attempts(request.params.id);
        // Staff who may see an investor but not the question bank never see its answer key.
        if (can(requireUser(request).role_id, 'compliance', 'index')) return { data: attempts };
        return {
          data: attempts.map((attempt) => ({
            ...attempt,
            questions: attempt.questions.map((question) => ({
              ...question,
              options: question.options.map(({ is_correct: _hidden, ...option }) => option),
            })),
          })),
        };
      },
    );

    // Test-only: exists only when the server was started with TEST_CLOCK=1 (refused in production).
    if (options.testClock)
      app.post(
        '/api/testing/clock',
        {
          config: { access: access.public },
          schema: {
            tags: ['Testing'],
            summary: 'Move the server’s clock forward (TEST_CLOCK=1 only)',
            body: testClockInputSchema,
            response: { 200: dataOf(testClockSchema) },
          },
        },
        async (request) => ({ data: service.advanceClock(request.body.advance_seconds) }),
      );
  };
}

import {
  dataOf,
  idParamsSchema,
  investorOnboardingStepsSchema,
  profileOnboardingSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/auth/access';
import { requireUser } from '../../platform/http/kernel';
import type { OnboardingService } from './onboarding.service';

/** The onboarding checklist: the investor's own, and staff's view with each step's evidence. */
export function onboardingStepsRoutes(service: OnboardingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/profile/onboarding',
      {
        config: { access: access.investor },
        schema: {
          tags: ['Investor portal'],
          summary: 'The signed-in investor’s onboarding checklist and whether they are ready to invest',
          response: { 200: dataOf(profileOnboardingSchema) },
        },
      },
      async (request) => ({ data: await service.mine(requireUser(request).id) }),
    );

    app.get(
      '/api/investors/:id/onboarding',
      {
        config: { access: access.permission('investors', 'show') },
        schema: {
          tags: ['Investor compliance'],
          summary: 'The investor’s onboarding steps with the evidence of each (who, what, when)',
          params: idParamsSchema,
          response: { 200: dataOf(investorOnboardingStepsSchema) },
        },
      },
      async (request) => ({ data: await service.forInvestor(request.params.id) }),
    );
  };
}

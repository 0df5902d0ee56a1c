import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categorisationsRoutes } from './categorisations.routes';
import type { ComplianceServices } from './compliance.services';
import { consentsRoutes } from './consents.routes';
import { onboardingRoutes } from './onboarding.routes';
import { questionnairesRoutes } from './questionnaires.routes';
import { signatureRequestsRoutes } from './signature-requests.routes';

/** Every route of the investor compliance tabs and their investor-portal side. */
export function complianceRoutes(services: ComplianceServices): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(categorisationsRoutes(services.categorisations));
    await app.register(questionnairesRoutes(services.questionnaires));
    await app.register(consentsRoutes(services.consents));
    await app.register(onboardingRoutes(services.requirements, services.onboarding));
    await app.register(signatureRequestsRoutes(services.signatures));
  };
}

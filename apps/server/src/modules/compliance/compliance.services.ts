import type { AppContext } from '../../context';
import { createCategorisationsService } from './categorisations.service';
import type { ComplianceDeps } from './compliance.shared';
import { createConsentsService } from './consents.service';
import { createOnboardingDocumentsService } from './onboarding-documents.service';
import { createOnboardingRequirementsService } from './onboarding-requirements.service';
import { createQuestionnairesService } from './questionnaires.service';
import { createSignatureRequestsService } from './signature-requests.service';

/** The services of the investor compliance tabs, wired once in app.ts. */
export function createComplianceServices(ctx: AppContext, deps: ComplianceDeps) {
  return {
    categorisations: createCategorisationsService(ctx, deps),
    questionnaires: createQuestionnairesService(ctx, deps),
    consents: createConsentsService(ctx),
    requirements: createOnboardingRequirementsService(ctx, deps),
    onboarding: createOnboardingDocumentsService(ctx, deps),
    signatures: createSignatureRequestsService(ctx, deps),
  };
}

export type ComplianceServices = ReturnType<typeof createComplianceServices>;

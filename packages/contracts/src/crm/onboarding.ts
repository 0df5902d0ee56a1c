import { z } from 'zod';
import { idSchema, timestampSchema } from '../schemas/common';
import { documentSchema } from './documents';
import { INVESTOR_CATEGORIES } from './investors';
import { screeningCheckSchema } from './screening';
import { personRefSchema } from './subjects';

/**
 * The onboarding checklist (issue 9): one computation on the server serves the investor's overview,
 * the staff record's evidence and the stored onboarding_state that lists filter on.
 */
export const ONBOARDING_STEP_KEYS = [
  'email',
  'categorisation',
  'appropriateness',
  'identity',
  'documents',
  'terms',
] as const;
export type OnboardingStepKey = (typeof ONBOARDING_STEP_KEYS)[number];

/** done; to_do (the investor acts); awaiting_review (staff act); action_needed (rejected, failed, expired). */
export const ONBOARDING_STEP_STATES = [
  'done',
  'to_do',
  'awaiting_review',
  'action_needed',
  'not_required',
] as const;
export type OnboardingStepState = (typeof ONBOARDING_STEP_STATES)[number];
export const ONBOARDING_STEP_STATE_LABELS: Record<OnboardingStepState, string> = {
  done: 'Done',
  to_do: 'To do',
  awaiting_review: 'Awaiting review',
  action_needed: 'Action needed',
  not_required: 'Not required',
};

export const onboardingStepSchema = z
  .object({
    key: z.enum(ONBOARDING_STEP_KEYS),
    label: z.string(),
    state: z.enum(ONBOARDING_STEP_STATES),
    /** a sentence for the investor: what happened and what to do */
    detail: z.string(),
    /** the portal view where the investor completes the step */
    path: z.string(),
    /** false when the platform does not ask for the step (its feature is off, nothing is required) */
    required: z.boolean(),
  })
  .meta({ id: 'OnboardingStep' });
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

export const profileOnboardingSchema = z
  .object({
    steps: z.array(onboardingStepSchema),
    ready_to_invest: z.boolean(),
  })
  .meta({ id: 'ProfileOnboarding' });
export type ProfileOnboarding = z.infer<typeof profileOnboardingSchema>;

/** What staff see behind each step: the regulator's evidence of who did what, when. */
export const onboardingEvidenceSchema = z
  .object({
    email: z.object({ verified_at: timestampSchema.nullable() }),
    categorisation: z
      .object({
        id: idSchema,
        category: z.enum(INVESTOR_CATEGORIES),
        statement_version: z.string(),
        status: z.string(),
        signed_at: timestampSchema,
        expires_at: timestampSchema,
        reason: z.string().nullable(),
        recorded_by: personRefSchema.nullable(),
        reviewed_by: personRefSchema.nullable(),
        reviewed_at: timestampSchema.nullable(),
      })
      .nullable(),
    appropriateness: z.object({
      passed: z.boolean(),
      attempts: z.number().int(),
      /** when the passing attempt was made (from the audit trail); null when not passed */
      passed_at: timestampSchema.nullable(),
    }),
    identity: screeningCheckSchema.nullable(),
    documents: z.array(
      z.object({
        requirement_id: idSchema,
        requirement: z.string(),
        required: z.boolean(),
        status: z.enum(['missing', 'pending', 'approved', 'rejected']),
        reason: z.string().nullable(),
        document: documentSchema.nullable(),
        submitted_at: timestampSchema.nullable(),
        reviewed_by: personRefSchema.nullable(),
        reviewed_at: timestampSchema.nullable(),
      }),
    ),
    terms: z.object({
      accepted_version: z.number().int(),
      current_version: z.number().int(),
      accepted_at: timestampSchema.nullable(),
    }),
    /**
     * The first-investment risk warning (COBS 4.12A, issue 11): the exact text shown, when, when
     * acknowledged and when the 24-hour cooling-off ends; null when never shown.
     */
    first_investment_warning: z
      .object({
        opportunity_id: idSchema.nullable(),
        text: z.string(),
        shown_at: timestampSchema,
        acknowledged_at: timestampSchema.nullable(),
        cooling_off_ends_at: timestampSchema,
      })
      .nullable()
      .optional(),
  })
  .meta({ id: 'OnboardingEvidence' });
export type OnboardingEvidence = z.infer<typeof onboardingEvidenceSchema>;

export const investorOnboardingStepsSchema = z
  .object({
    investor_id: idSchema,
    steps: z.array(onboardingStepSchema),
    ready_to_invest: z.boolean(),
    evidence: onboardingEvidenceSchema,
  })
  .meta({ id: 'InvestorOnboardingSteps' });
export type InvestorOnboardingSteps = z.infer<typeof investorOnboardingStepsSchema>;

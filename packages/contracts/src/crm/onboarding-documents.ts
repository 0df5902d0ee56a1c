import { z } from 'zod';
import { defineListQuery, paginatedSchema } from '../list-query';
import { idSchema, timestampSchema } from '../schemas/common';
import { documentSchema } from './documents';
import { ONBOARDING_STATES } from './investors';
import { SCREENING_EVIDENCE_FIELDS } from './screening';
import { personRefSchema } from './subjects';

/**
 * Onboarding documents (DOMAIN.md): settings → investor → sign-up-documents says what every investor
 * must provide (upload) or sign and return (sign); staff review each submission.
 */
export const ONBOARDING_REQUIREMENT_KINDS = ['upload', 'sign'] as const;
export type OnboardingRequirementKind = (typeof ONBOARDING_REQUIREMENT_KINDS)[number];
export const ONBOARDING_REQUIREMENT_KIND_LABELS: Record<OnboardingRequirementKind, string> = {
  upload: 'Upload a document',
  sign: 'Sign and return a document',
};

export const ONBOARDING_DOCUMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type OnboardingDocumentStatus = (typeof ONBOARDING_DOCUMENT_STATUSES)[number];
/** Where an investor stands on one requirement: nothing submitted yet, or the latest submission's status. */
export const ONBOARDING_ITEM_STATUSES = ['missing', ...ONBOARDING_DOCUMENT_STATUSES] as const;
export type OnboardingItemStatus = (typeof ONBOARDING_ITEM_STATUSES)[number];
export const ONBOARDING_ITEM_STATUS_LABELS: Record<OnboardingItemStatus, string> = {
  missing: 'Not provided',
  pending: 'Awaiting review',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const onboardingRequirementSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    description: z.string().nullable(),
    kind: z.enum(ONBOARDING_REQUIREMENT_KINDS),
    /** needed to complete onboarding (an optional one is asked for but does not hold anyone up) */
    required: z.boolean(),
    /** inactive requirements are no longer asked for; their submissions are kept */
    active: z.boolean(),
    position: z.number().int(),
    /**
     * The identity check's file that counts as this document (issue 18): the investor sends it once, with
     * the identity check, and staff review it once, with the check. Null: uploaded on its own.
     */
    identity_evidence: z.enum(SCREENING_EVIDENCE_FIELDS).nullable().default(null),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'OnboardingRequirement' });
export type OnboardingRequirement = z.infer<typeof onboardingRequirementSchema>;

const requirementShape = {
  name: z.string().trim().min(1).max(120),
  description: z
    .string()
    .trim()
    .max(2000)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  kind: z.enum(ONBOARDING_REQUIREMENT_KINDS).optional(),
  required: z.boolean().optional(),
  active: z.boolean().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
  identity_evidence: z.enum(SCREENING_EVIDENCE_FIELDS).nullable().optional(),
};

export const newOnboardingRequirementInputSchema = z
  .object(requirementShape)
  .meta({ id: 'NewOnboardingRequirement' });
export type NewOnboardingRequirementInput = z.input<typeof newOnboardingRequirementInputSchema>;

export const onboardingRequirementChangesSchema = z
  .object({ ...requirementShape, name: requirementShape.name.optional() })
  .meta({ id: 'OnboardingRequirementChanges' });
export type OnboardingRequirementChanges = z.input<typeof onboardingRequirementChangesSchema>;

/** Every requirement's id in the order wanted. */
export const onboardingRequirementOrderSchema = z
  .object({ ids: z.array(z.number().int().positive()).min(1).max(500) })
  .meta({ id: 'OnboardingRequirementOrder' });

export const onboardingSubmissionSchema = z
  .object({
    id: idSchema,
    investor_id: idSchema,
    requirement_id: idSchema,
    status: z.enum(ONBOARDING_DOCUMENT_STATUSES),
    /** why it was rejected; told to the investor */
    reason: z.string().nullable(),
    document_name: z.string().nullable(),
    /** the identity check whose file this is, reviewed with it (issue 18); null for an upload of its own */
    screening_check_id: z.number().int().nullable().default(null),
    /** the file with a short-lived link; staff only (null in the investor portal: the file is private) */
    document: documentSchema.nullable(),
    submitted_by: personRefSchema.nullable(),
    reviewed_by: personRefSchema.nullable(),
    reviewed_at: timestampSchema.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'OnboardingSubmission' });
export type OnboardingSubmission = z.infer<typeof onboardingSubmissionSchema>;

export const onboardingItemSchema = z
  .object({
    requirement: onboardingRequirementSchema,
    status: z.enum(ONBOARDING_ITEM_STATUSES),
    latest: onboardingSubmissionSchema.nullable(),
    /** earlier submissions, newest first */
    history: z.array(onboardingSubmissionSchema),
  })
  .meta({ id: 'OnboardingItem' });
export type OnboardingItem = z.infer<typeof onboardingItemSchema>;

export const investorOnboardingSchema = z
  .object({
    investor_id: idSchema,
    onboarding_state: z.enum(ONBOARDING_STATES),
    /** every active requirement, in order */
    items: z.array(onboardingItemSchema),
  })
  .meta({ id: 'InvestorOnboarding' });
export type InvestorOnboarding = z.infer<typeof investorOnboardingSchema>;

/** Multipart fields sent with the one file (field `files`) of a submission. */
export const onboardingUploadFieldsSchema = z
  .object({ requirement_id: z.coerce.number().int().positive() })
  .meta({ id: 'OnboardingUploadFields' });

/** The review queue (onboarding_documents.index): submissions across investors. */
export const onboardingReviewSchema = onboardingSubmissionSchema
  .extend({
    investor: z.object({ id: idSchema, name: z.string(), email: z.string() }),
    requirement: z.object({ id: idSchema, name: z.string(), kind: z.enum(ONBOARDING_REQUIREMENT_KINDS) }),
  })
  .meta({ id: 'OnboardingReview' });
export type OnboardingReview = z.infer<typeof onboardingReviewSchema>;

export const onboardingReviewListSchema = paginatedSchema(onboardingReviewSchema);

export const onboardingReviewsListQuery = defineListQuery({
  table: 'onboarding_documents',
  filters: {
    status: 'exact',
    requirement_id: 'exact',
    investor_id: 'exact',
    /** the investor's name or email */
    search: 'scope',
  },
  sorts: ['created_at', 'reviewed_at'],
  // Oldest first: the queue is worked in the order documents arrived.
  defaultSort: ['created_at'],
  includes: [],
  fields: [],
  appends: [],
});

import { z } from 'zod';
import { idSchema, timestampSchema } from '../schemas/common';
import { documentSchema } from './documents';
import { personRefSchema } from './subjects';

/**
 * Identity and AML screening (DOMAIN.md, `user_screening_enabled`): the investor submits identity and
 * address evidence with the details on their profile; a screening provider (staff review by default)
 * decides. Each submission is a check; history is kept.
 */
export const SCREENING_CHECK_STATUSES = ['submitted', 'passed', 'failed', 'referred'] as const;
export type ScreeningCheckStatus = (typeof SCREENING_CHECK_STATUSES)[number];
export const SCREENING_CHECK_STATUS_LABELS: Record<ScreeningCheckStatus, string> = {
  submitted: 'Awaiting review',
  passed: 'Passed',
  failed: 'Failed',
  referred: 'Referred for further checks',
};

/** Which check staff run: the UK one, or the international one for investors outside the UK. */
export const SCREENING_KINDS = ['uk', 'international'] as const;
export type ScreeningKind = (typeof SCREENING_KINDS)[number];
export const SCREENING_KIND_LABELS: Record<ScreeningKind, string> = {
  uk: 'UK identity and AML check',
  international: 'International identity and AML check',
};

export const SCREENING_DECISIONS = ['passed', 'failed', 'referred'] as const;
export type ScreeningDecision = (typeof SCREENING_DECISIONS)[number];

/** The two files an investor sends (multipart field names). */
export const SCREENING_EVIDENCE_FIELDS = ['identity_document', 'proof_of_address'] as const;
export type ScreeningEvidenceField = (typeof SCREENING_EVIDENCE_FIELDS)[number];
export const SCREENING_EVIDENCE_LABELS: Record<ScreeningEvidenceField, string> = {
  identity_document: 'Identity document',
  proof_of_address: 'Proof of address',
};

/** The profile details a check needs, as they were when it was submitted. */
export const screeningDetailsSchema = z
  .object({
    legal_name: z.string(),
    date_of_birth: z.string().nullable(),
    nationality: z.string().nullable(),
    address_line_1: z.string().nullable(),
    address_line_2: z.string().nullable(),
    city: z.string().nullable(),
    postcode: z.string().nullable(),
    country: z.string().nullable(),
  })
  .meta({ id: 'ScreeningDetails' });
export type ScreeningDetails = z.infer<typeof screeningDetailsSchema>;

export const screeningEvidenceSchema = z
  .object({
    field: z.enum(SCREENING_EVIDENCE_FIELDS),
    label: z.string(),
    name: z.string().nullable(),
    /** the file with a short-lived link: staff only (null in the investor portal, the file is private) */
    document: documentSchema.nullable(),
  })
  .meta({ id: 'ScreeningEvidence' });
export type ScreeningEvidence = z.infer<typeof screeningEvidenceSchema>;

export const screeningCheckSchema = z
  .object({
    id: idSchema,
    investor_id: idSchema,
    provider: z.string(),
    kind: z.enum(SCREENING_KINDS),
    status: z.enum(SCREENING_CHECK_STATUSES),
    details: screeningDetailsSchema,
    evidence: z.array(screeningEvidenceSchema),
    provider_reference: z.string().nullable(),
    decided_by: personRefSchema.nullable(),
    decided_at: timestampSchema.nullable(),
    /** why it failed or was referred; told to the investor */
    reason: z.string().nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'ScreeningCheck' });
export type ScreeningCheck = z.infer<typeof screeningCheckSchema>;

/** A profile detail the check needs that the investor has not given yet. */
export const missingDetailSchema = z
  .object({ field: z.string(), label: z.string(), path: z.string() })
  .meta({ id: 'MissingDetail' });
export type MissingDetail = z.infer<typeof missingDetailSchema>;

/** GET /api/profile/identity: where the investor's screening stands and what they can do. */
export const profileIdentitySchema = z
  .object({
    kind: z.enum(SCREENING_KINDS),
    current: screeningCheckSchema.nullable(),
    missing: z.array(missingDetailSchema),
    /** false while a check awaits review or has passed, or while details are missing */
    can_submit: z.boolean(),
    /** earlier checks, newest first */
    history: z.array(screeningCheckSchema),
  })
  .meta({ id: 'ProfileIdentity' });
export type ProfileIdentity = z.infer<typeof profileIdentitySchema>;

/** GET /api/investors/:id/screening: the investor's checks for staff. */
export const investorScreeningSchema = z
  .object({
    investor_id: idSchema,
    /** the check to run for this investor now */
    kind: z.enum(SCREENING_KINDS),
    /** the investor lives outside the UK */
    outside_uk: z.boolean(),
    /** whether the international check (`ca_use_intl_check`) is switched on */
    international_check_enabled: z.boolean(),
    current: screeningCheckSchema.nullable(),
    history: z.array(screeningCheckSchema),
  })
  .meta({ id: 'InvestorScreening' });
export type InvestorScreening = z.infer<typeof investorScreeningSchema>;

/** Multipart text fields sent with the two files (none today: the files carry everything). */
export const identityUploadFieldsSchema = z.object({}).meta({ id: 'IdentityUploadFields' });

export const screeningDecisionInputSchema = z
  .object({
    decision: z.enum(SCREENING_DECISIONS),
    reason: z
      .string()
      .trim()
      .max(1000)
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.decision !== 'passed' && !value.reason)
      context.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Give the reason, so the investor knows what to do next.',
      });
  })
  .meta({ id: 'ScreeningDecisionInput' });
export type ScreeningDecisionInput = z.input<typeof screeningDecisionInputSchema>;

import { z } from 'zod';
import { personRefSchema } from '../crm/subjects';
import { idSchema, timestampSchema } from './common';

/*
 * Financial promotion exemptions (issue 21, DOMAIN.md "Financial promotion exceptions"): per investor, the
 * exemption of the Financial Promotion Order under which they may receive a promotion of a non-readily
 * realisable security. Kept for good: withdrawn with a reason, never edited or deleted. While the
 * financial_promotion_exceptions_enabled feature is on, live opportunities reach only investors with a valid
 * one on the London date today (decision 032).
 */

export const PROMOTION_EXCEPTION_TYPES = [
  'certified_high_net_worth',
  'certified_sophisticated',
  'self_certified_sophisticated',
  'high_net_worth_company',
  'investment_professional',
  'other',
] as const;
export type PromotionExceptionType = (typeof PROMOTION_EXCEPTION_TYPES)[number];

export const PROMOTION_EXCEPTION_TYPE_LABELS: Record<PromotionExceptionType, string> = {
  certified_high_net_worth: 'Certified high net worth individual (FPO art. 48)',
  certified_sophisticated: 'Certified sophisticated investor (FPO art. 50)',
  self_certified_sophisticated: 'Self-certified sophisticated investor (FPO art. 50A)',
  high_net_worth_company: 'High net worth company or unincorporated association (FPO art. 49)',
  investment_professional: 'Investment professional (FPO art. 19)',
  other: 'Existing customer or other exemption',
};

/** The statements an investor signs (arts. 48, 50, 50A) run for 12 months unless staff give another expiry. */
export const PROMOTION_EXCEPTION_DEFAULT_MONTHS: Partial<Record<PromotionExceptionType, number>> = {
  certified_high_net_worth: 12,
  certified_sophisticated: 12,
  self_certified_sophisticated: 12,
};

export const PROMOTION_EXCEPTION_STATUSES = ['valid', 'expired', 'withdrawn'] as const;
export type PromotionExceptionStatus = (typeof PROMOTION_EXCEPTION_STATUSES)[number];
export const PROMOTION_EXCEPTION_STATUS_LABELS: Record<PromotionExceptionStatus, string> = {
  valid: 'Valid',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

/**
 * A London date (YYYY-MM-DD) moved by whole months; a day past the end of the month lands on its last day
 * (2026-01-31 + 1 month = 2026-02-28).
 */
export function addMonthsToDate(day: string, months: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`not a date: ${day}`);
  const total = Number(match[1]) * 12 + Number(match[2]) - 1 + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const date = Math.min(Number(match[3]), last);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/** The expiry an exemption gets when none is given: 12 months on for the signed statements, none otherwise. */
export function defaultPromotionExceptionExpiry(
  type: PromotionExceptionType,
  effectiveOn: string,
): string | null {
  const months = PROMOTION_EXCEPTION_DEFAULT_MONTHS[type];
  return months === undefined ? null : addMonthsToDate(effectiveOn, months);
}

/** valid while effective_on <= today < expires_on (no expiry: no end) and not withdrawn. */
export function promotionExceptionStatus(
  row: { effective_on: string; expires_on: string | null; withdrawn_at: string | null },
  today: string,
): PromotionExceptionStatus {
  if (row.withdrawn_at !== null) return 'withdrawn';
  if (row.expires_on !== null && row.expires_on <= today) return 'expired';
  return 'valid';
}

export const promotionExceptionSchema = z
  .object({
    id: idSchema,
    investor_id: idSchema,
    type: z.enum(PROMOTION_EXCEPTION_TYPES),
    type_label: z.string(),
    description: z.string().nullable(),
    evidence_reference: z.string().nullable(),
    /** one of the investor's documents, when the evidence was uploaded */
    document: z.object({ id: idSchema, name: z.string(), url: z.string() }).nullable(),
    /** London dates; valid while effective_on <= today < expires_on */
    effective_on: z.string(),
    expires_on: z.string().nullable(),
    /** on the London date today */
    status: z.enum(PROMOTION_EXCEPTION_STATUSES),
    recorded_by: personRefSchema.nullable(),
    recorded_at: timestampSchema,
    withdrawn_at: timestampSchema.nullable(),
    withdrawn_by: personRefSchema.nullable(),
    withdrawal_reason: z.string().nullable(),
  })
  .meta({ id: 'PromotionException' });
export type PromotionException = z.infer<typeof promotionExceptionSchema>;

const DATE_MESSAGE = 'The :attribute field must be a date (YYYY-MM-DD).';
const isoDate = z.iso.date({ error: DATE_MESSAGE });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `The :attribute field must not be greater than ${max} characters.` })
    .nullish()
    .transform((value) => (value ? value : null));

export const recordPromotionExceptionInputSchema = z
  .object({
    type: z.enum(PROMOTION_EXCEPTION_TYPES, {
      error: 'The selected type is invalid: choose one of the exemptions listed.',
    }),
    description: optionalText(500),
    evidence_reference: optionalText(200),
    /** one of the investor's documents (their Documents tab) */
    document_id: idSchema.nullish().transform((value) => value ?? null),
    effective_on: isoDate,
    /** defaults to 12 months after effective_on for the signed statements (arts. 48, 50, 50A) */
    expires_on: isoDate.nullish().transform((value) => value ?? null),
  })
  .superRefine((input, issue) => {
    if (input.type === 'other' && !input.description)
      issue.addIssue({
        code: 'custom',
        path: ['description'],
        message: 'Describe the exemption (for example, the existing customer relationship it rests on).',
      });
    if (!input.evidence_reference && input.document_id === null)
      issue.addIssue({
        code: 'custom',
        path: ['evidence_reference'],
        message:
          'Give the evidence: a reference to the signed statement or certificate, or one of the investor’s documents.',
      });
    if (input.expires_on !== null && input.expires_on <= input.effective_on)
      issue.addIssue({
        code: 'custom',
        path: ['expires_on'],
        message: 'The expiry date must be after the effective date.',
      });
  });
export type RecordPromotionExceptionInput = z.input<typeof recordPromotionExceptionInputSchema>;

export const withdrawPromotionExceptionInputSchema = z.object({
  reason: z
    .string({ error: 'The :attribute field is required.' })
    .trim()
    .min(1, { error: 'The :attribute field is required.' })
    .max(500, { error: 'The :attribute field must not be greater than 500 characters.' }),
});

/** GET /api/profile/promotion-exemption: whether the investor is kept from live opportunities for want of one. */
export const profilePromotionExemptionSchema = z
  .object({
    /** financial_promotion_exceptions_enabled is on: live opportunities need a valid exemption */
    required: z.boolean(),
    /** the investor holds a valid exemption today */
    valid: z.boolean(),
    /** the latest expiry of their valid exemptions (null: none, or one without expiry) */
    expires_on: z.string().nullable(),
  })
  .meta({ id: 'ProfilePromotionExemption' });
export type ProfilePromotionExemption = z.infer<typeof profilePromotionExemptionSchema>;

/** Settings → features: the associates a new investor is linked to while default_investor_associates is on. */
export const defaultInvestorAssociatesSchema = z
  .object({
    adviser: personRefSchema.nullable(),
    organisation: z.object({ id: idSchema, name: z.string() }).nullable(),
    updated_at: timestampSchema.nullable(),
  })
  .meta({ id: 'DefaultInvestorAssociates' });
export type DefaultInvestorAssociates = z.infer<typeof defaultInvestorAssociatesSchema>;

export const updateDefaultInvestorAssociatesInputSchema = z.object({
  /** an active staff member; null for none */
  adviser_id: idSchema.nullable(),
  /** an organisation; null for none */
  organisation_id: idSchema.nullable(),
});
export type UpdateDefaultInvestorAssociatesInput = z.input<typeof updateDefaultInvestorAssociatesInputSchema>;

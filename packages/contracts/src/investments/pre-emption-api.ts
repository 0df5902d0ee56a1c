import { z } from 'zod';
import { idSchema, timestampSchema } from '../schemas/common';
import { PRE_EMPTION_CHOICES, type PreEmptionChoice } from './investing';
import { moneyInputSchema } from './opportunities';

/*
 * Pre-emption (issue 11, spec §4, decision 015): when an existing investment raises again, each holder's
 * choice on the new round (1 don't take, 2 maintain, 3 increase, 4 not applicable, 5 awaiting,
 * 6 decrease), with their pro-rata entitlement. Money and shares travel as decimal strings.
 */

const choiceSchema = z
  .number()
  .int()
  .refine((value): value is PreEmptionChoice => (PRE_EMPTION_CHOICES as readonly number[]).includes(value), {
    error: 'Choose one of the pre-emption choices (1 to 6).',
  });

/** One holder's row on a round (staff). */
export const preEmptionHolderSchema = z
  .object({
    user: z.object({ id: idSchema, name: z.string(), email: z.string() }),
    /** shares held in the existing investment now, in the classes that carry pre-emption */
    shares: z.string(),
    /** of all issued shares carrying pre-emption (platform and off-platform), 2 decimals, reconciled to 100.00 */
    percent: z.string(),
    /** the pro-rata entitlement in the new round: whole shares at its share price, and their cost */
    entitlement_shares: z.string().nullable(),
    entitlement: z.string().nullable(),
    choice: z.number().int(),
    choice_label: z.string(),
    /** what the holder takes up (maintain, increase, decrease); null otherwise */
    amount: z.string().nullable(),
    /** what the holder has reserved in the round so far */
    committed: z.string(),
    decided_by: z.object({ id: idSchema, name: z.string() }).nullable(),
    decided_at: timestampSchema.nullable(),
  })
  .meta({ id: 'PreEmptionHolder' });
export type PreEmptionHolder = z.infer<typeof preEmptionHolderSchema>;

/**
 * A holder off the platform (decision 020): their statutory entitlement is shown to staff, who offer it
 * off the platform (the company does); it is not held in the platform's round.
 */
export const preEmptionOffPlatformHolderSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    kind: z.string(),
    kind_label: z.string(),
    share_class: z.string(),
    shares: z.string(),
    percent: z.string(),
    entitlement_shares: z.string().nullable(),
    entitlement: z.string().nullable(),
  })
  .meta({ id: 'PreEmptionOffPlatformHolder' });
export type PreEmptionOffPlatformHolder = z.infer<typeof preEmptionOffPlatformHolderSchema>;

/** The round's pre-emption, for staff: the existing investment, the window, the holders and totals. */
export const preEmptionRoundSchema = z
  .object({
    opportunity: z.object({ id: idSchema, name: z.string(), status: z.number().int() }),
    existing_investment: z.object({ id: idSchema, name: z.string() }),
    /** the offer period: holders choose from opens_on (null: at once) to ends_on (null: while live) */
    opens_on: z.string().nullable(),
    ends_on: z.string().nullable(),
    /** true while holders' entitlements are held for them (the window has not ended) */
    open: z.boolean(),
    holders: z.array(preEmptionHolderSchema),
    off_platform: z.array(preEmptionOffPlatformHolderSchema),
    totals: z.object({
      /** the platform holders' shares carrying pre-emption */
      shares: z.string(),
      /** every issued share carrying pre-emption, platform and off-platform: the entitlements' denominator */
      pre_emptive_shares: z.string(),
      /** the platform holders' entitlements */
      entitlement: z.string(),
      /** the off-platform holders' entitlements (offered off the platform, not held in the round) */
      off_platform_entitlement: z.string(),
      /** the entitlements still held for holders: what a non-holder cannot take now */
      outstanding: z.string(),
      by_choice: z.record(z.string(), z.number().int()),
    }),
  })
  .meta({ id: 'PreEmptionRound' });
export type PreEmptionRound = z.infer<typeof preEmptionRoundSchema>;

/** One of the signed-in investor's pre-emption rights. */
export const profilePreEmptionSchema = z
  .object({
    opportunity: z.object({ id: idSchema, name: z.string(), slug: z.string(), currency: z.string() }),
    existing_investment: z.object({ id: idSchema, name: z.string() }),
    opens_on: z.string().nullable(),
    ends_on: z.string().nullable(),
    open: z.boolean(),
    shares: z.string(),
    entitlement_shares: z.string().nullable(),
    entitlement: z.string().nullable(),
    share_price: z.string().nullable(),
    choice: z.number().int(),
    choice_label: z.string(),
    amount: z.string().nullable(),
    committed: z.string(),
    decided_at: timestampSchema.nullable(),
  })
  .meta({ id: 'ProfilePreEmption' });
export type ProfilePreEmption = z.infer<typeof profilePreEmptionSchema>;

/** A choice, by the holder or by staff: the amount with maintain (optional: the entitlement), increase, decrease. */
export const preEmptionChoiceInputSchema = z
  .object({
    choice: choiceSchema,
    amount: moneyInputSchema.nullable().optional(),
  })
  .meta({ id: 'PreEmptionChoiceInput' });
export type PreEmptionChoiceInput = z.infer<typeof preEmptionChoiceInputSchema>;

/** Staff open pre-emption on a new round: the existing investment it raises for, and the window's last day. */
export const preEmptionOpenInputSchema = z
  .object({
    existing_investment_id: idSchema,
    /** the offer's first day (holders choose from it); left out: kept, or today for a new round */
    opens_on: z.iso
      .date({ error: 'The :attribute field must be a date (YYYY-MM-DD).' })
      .nullable()
      .optional(),
    ends_on: z.iso.date({ error: 'The :attribute field must be a date (YYYY-MM-DD).' }).nullable().optional(),
  })
  .meta({ id: 'PreEmptionOpenInput' });
export type PreEmptionOpenInput = z.infer<typeof preEmptionOpenInputSchema>;

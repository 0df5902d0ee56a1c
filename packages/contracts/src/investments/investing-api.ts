import { z } from 'zod';
import { idSchema, timestampSchema } from '../schemas/common';
import { defineListQuery } from '../list-query';
import { HOLDING_TYPES } from './investing';
import { moneyInputSchema } from './opportunities';
import { INVESTMENT_STATUSES, INVESTMENT_TYPES, TAX_RELIEFS } from './opportunity-status';

/*
 * The investor's investing API (issue 11): reserving an allocation, the investor's own investments, what
 * the invest pages need, the first-investment warning (COBS 4.12A) and withdrawing a reservation. Money
 * travels as decimal strings, never numbers.
 */

/** The most characters an Idempotency-Key header may have. */
export const IDEMPOTENCY_KEY_MAX = 255;

const holdingId = z.number({ error: 'The :attribute field must be an id.' }).int().positive();

/** How the investment will be held: in the investor's own name, or through the vehicle named by its id. */
export const holdingInputSchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('self') }),
      z.object({ type: z.literal('organisation'), organisation_id: holdingId }),
      z.object({ type: z.literal('investment_method'), investment_method_entity_id: holdingId }),
      z.object({ type: z.literal('nominee'), nominee_id: holdingId }),
    ],
    { error: 'The holding type must be one of self, organisation, investment_method or nominee.' },
  )
  .meta({ id: 'NewInvestmentHolding' });
export type HoldingInput = z.input<typeof holdingInputSchema>;

/** POST /api/investments */
export const createInvestmentInputSchema = z
  .object({
    opportunity_id: z.number({ error: 'The :attribute field must be an id.' }).int().positive(),
    /** what the investor wants to invest; whole shares are bought, so the amount reserved may be less */
    amount: moneyInputSchema,
    /** self when not given */
    holding: holdingInputSchema.default({ type: 'self' }),
    /** required (true) when investment terms are on (investment_terms_enabled) */
    terms_accepted: z.boolean().optional(),
  })
  .meta({ id: 'NewInvestment' });
export type CreateInvestmentInput = z.input<typeof createInvestmentInputSchema>;

/** How an investment is held, with the vehicle's name ("In your own name" for self, id null). */
export const holdingSchema = z
  .object({ type: z.enum(HOLDING_TYPES), id: idSchema.nullable(), name: z.string() })
  .meta({ id: 'InvestmentHolding' });
export type Holding = z.infer<typeof holdingSchema>;

/** The 201 of POST /api/investments (and the same body again for a repeated Idempotency-Key). */
export const createdInvestmentSchema = z
  .object({
    id: idSchema,
    opportunity_id: idSchema,
    /** the amount reserved: the cost of the whole shares bought */
    amount: z.string(),
    shares: z.string(),
    status: z.enum(INVESTMENT_STATUSES),
    holding: holdingSchema,
    payment_reference: z.string().nullable(),
    created_at: timestampSchema,
    /** the amount asked for */
    requested_amount: z.string(),
    /** a sentence when the amount was rounded down to whole shares, otherwise null */
    rounding_note: z.string().nullable(),
  })
  .meta({ id: 'CreatedInvestment' });
export type CreatedInvestment = z.infer<typeof createdInvestmentSchema>;

export const bankDetailsSchema = z
  .object({
    account_name: z.string().nullable(),
    sort_code: z.string().nullable(),
    account_number: z.string().nullable(),
    /** only with international bank details on */
    iban: z.string().nullable().optional(),
    swift: z.string().nullable().optional(),
  })
  .meta({ id: 'InvestmentBankDetails' });
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** One of the investor's own investments (GET /api/profile/investments and /{id}). */
export const profileInvestmentSchema = z
  .object({
    id: idSchema,
    amount: z.string(),
    shares: z.string().nullable(),
    status: z.enum(INVESTMENT_STATUSES),
    type: z.enum(INVESTMENT_TYPES),
    paid_amount: z.string(),
    /**
     * a fund commitment's capital called so far (decision 026): what is due is called − paid, not the whole
     * amount; absent for a company round's investment
     */
    called_amount: z.string().nullable().optional(),
    /** null when the payment reference is hidden (hide_payment_reference) */
    payment_reference: z.string().nullable(),
    created_at: timestampSchema,
    called_at: timestampSchema.nullable(),
    paid_at: timestampSchema.nullable(),
    completed_at: timestampSchema.nullable(),
    cancelled_at: timestampSchema.nullable(),
    cancel_reason: z.string().nullable(),
    holding: holdingSchema,
    opportunity: z.object({
      id: idSchema,
      slug: z.string(),
      name: z.string(),
      company_name: z.string(),
      status: z.number().int(),
      currency: z.string(),
      share_price: z.string().nullable(),
      tax_relief: z.enum(TAX_RELIEFS).nullable(),
      cover_image_url: z.string().nullable(),
    }),
    cash_call: z.object({ due_date: z.string(), message: z.string().nullable() }).nullable(),
    /** null when bank details are hidden (hide_bank_details) */
    bank_details: bankDetailsSchema.nullable(),
  })
  .meta({ id: 'ProfileInvestment' });
export type ProfileInvestment = z.infer<typeof profileInvestmentSchema>;

/** GET /api/profile/investments: filter[status] (comma for several), filter[opportunity_id]; newest first. */
export const profileInvestmentsListQuery = defineListQuery({
  table: 'investments',
  filters: { status: 'exact', opportunity_id: 'exact' },
  sorts: ['created_at', 'amount'],
  defaultSort: ['-created_at'],
  includes: [],
  fields: [],
  appends: [],
});

/** Something that keeps an investor from investing now, with the page that fixes it. */
export const investingReasonSchema = z
  .object({
    /** an onboarding step key, or risk_warning, risk_warning_acknowledgement, cooling_off */
    code: z.string(),
    message: z.string(),
    href: z.string().nullable(),
  })
  .meta({ id: 'InvestingReason' });
export type InvestingReason = z.infer<typeof investingReasonSchema>;

/** The first-investment evidence (COBS 4.12A): the exact text shown, when, and when the cooling-off ends. */
export const firstInvestmentWarningSchema = z
  .object({
    opportunity_id: idSchema.nullable(),
    text: z.string(),
    shown_at: timestampSchema,
    acknowledged_at: timestampSchema.nullable(),
    cooling_off_ends_at: timestampSchema,
    /** by the server's clock; 0 once over */
    cooling_off_seconds_left: z.number().int(),
  })
  .meta({ id: 'FirstInvestmentWarning' });
export type FirstInvestmentWarning = z.infer<typeof firstInvestmentWarningSchema>;

/** POST /api/profile/first-investment-warning */
export const firstInvestmentWarningInputSchema = z
  .object({
    opportunity_id: z.number({ error: 'The :attribute field must be an id.' }).int().positive(),
    action: z.enum(['shown', 'acknowledged'], {
      error: 'The action must be shown or acknowledged.',
    }),
  })
  .meta({ id: 'FirstInvestmentWarningAction' });
export type FirstInvestmentWarningInput = z.input<typeof firstInvestmentWarningInputSchema>;

/** GET /api/profile/investing/{opportunityId}: what the invest pages need. */
export const investingContextSchema = z
  .object({
    opportunity: z.object({
      id: idSchema,
      slug: z.string(),
      name: z.string(),
      company_name: z.string(),
      currency: z.string(),
      share_price: z.string().nullable(),
      minimum_investment: z.string().nullable(),
      maximum_amount: z.string().nullable(),
      committed_amount: z.string(),
      /** what is left to commit; null without a maximum */
      remaining_amount: z.string().nullable(),
      closing_date: z.string().nullable(),
      /** the terms to accept, when investment terms are on */
      investment_terms: z.string().nullable(),
    }),
    can_invest: z.boolean(),
    reasons: z.array(investingReasonSchema),
    first_investment: z.boolean(),
    /** the personalised text to show (its record once shown); null when not a first investment */
    risk_warning: z
      .object({
        text: z.string(),
        shown_at: timestampSchema.nullable(),
        acknowledged_at: timestampSchema.nullable(),
        cooling_off_ends_at: timestampSchema.nullable(),
      })
      .nullable(),
    cooling_off_seconds_left: z.number().int(),
    terms_required: z.boolean(),
    holding_options: z.array(holdingSchema),
    my_investments: z.array(profileInvestmentSchema),
  })
  .meta({ id: 'InvestingContext' });
export type InvestingContext = z.infer<typeof investingContextSchema>;

import { HOLDING_TYPES, INVESTMENT_STATUSES } from '@portico/contracts';
import { z } from 'zod';

// The answers of the investing API (issue 11), as the server's brief fixes them. They are read leniently
// (extra keys pass, optional extras may be missing) so that the pages keep working while the server's own
// contract schemas land; once `packages/contracts/src/investments/investing-api.ts` exists these should be
// replaced by its schemas.

const money = z.string();
const nullableText = z.string().nullable().optional();

export const holdingSchema = z.object({
  type: z.enum(HOLDING_TYPES),
  /** the organisation, entity or nominee; null for the investor's own name */
  id: z.number().int().nullable().optional(),
  name: z.string().nullable().optional(),
});
export type Holding = z.infer<typeof holdingSchema>;

export const bankDetailsSchema = z.object({
  account_name: nullableText,
  sort_code: nullableText,
  account_number: nullableText,
  iban: nullableText,
  swift: nullableText,
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

export const myInvestmentSchema = z.object({
  id: z.number().int(),
  amount: money,
  shares: z.string().nullable().optional(),
  status: z.enum(INVESTMENT_STATUSES),
  type: z.string().optional(),
  paid_amount: money.nullable().optional(),
  /** a fund commitment's capital called so far (issue 20); absent for a company round's investment */
  called_amount: money.nullable().optional(),
  payment_reference: nullableText,
  created_at: z.string(),
  called_at: nullableText,
  paid_at: nullableText,
  completed_at: nullableText,
  cancelled_at: nullableText,
  cancel_reason: nullableText,
  holding: holdingSchema.nullable().optional(),
  opportunity: z
    .object({
      id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      company_name: z.string().nullable().optional(),
      status: z.number().int().optional(),
      currency: z.string().optional(),
      share_price: z.string().nullable().optional(),
      tax_relief: z.string().nullable().optional(),
      cover_image_url: nullableText,
    })
    .optional(),
  cash_call: z.object({ due_date: nullableText, message: nullableText }).nullable().optional(),
  bank_details: bankDetailsSchema.nullable().optional(),
});
export type MyInvestment = z.infer<typeof myInvestmentSchema>;

export const myInvestmentsSchema = z.object({ data: z.array(myInvestmentSchema) });

export const investingReasonSchema = z.object({
  code: z.string(),
  message: z.string(),
  href: z.string().nullable().optional(),
});
export type InvestingReason = z.infer<typeof investingReasonSchema>;

export const riskWarningSchema = z.object({
  text: z.string(),
  shown_at: nullableText,
  acknowledged_at: nullableText,
  cooling_off_ends_at: nullableText,
});
export type RiskWarningRecord = z.infer<typeof riskWarningSchema>;

export const investingSchema = z.object({
  opportunity: z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    company_name: z.string().nullable().optional(),
    share_price: z.string().nullable(),
    minimum_investment: z.string().nullable(),
    maximum_amount: z.string().nullable(),
    committed_amount: money,
    remaining_amount: z.string().nullable(),
    closing_date: nullableText,
    investment_terms: nullableText,
    currency: z.string().optional(),
  }),
  can_invest: z.boolean(),
  reasons: z.array(investingReasonSchema),
  first_investment: z.boolean(),
  risk_warning: riskWarningSchema.nullable(),
  cooling_off_seconds_left: z.number().nonnegative(),
  terms_required: z.boolean(),
  holding_options: z.array(holdingSchema),
  my_investments: z.array(myInvestmentSchema.partial().extend({ id: z.number().int() })).optional(),
});
export type Investing = z.infer<typeof investingSchema>;

export const investingResponseSchema = z.object({ data: investingSchema });

export const riskWarningResponseSchema = z.object({ data: riskWarningSchema });

export const createdInvestmentSchema = z.object({
  data: z.object({
    id: z.number().int(),
    opportunity_id: z.number().int(),
    amount: money,
    shares: z.string().nullable().optional(),
    status: z.enum(INVESTMENT_STATUSES),
    holding: holdingSchema.nullable().optional(),
    payment_reference: nullableText,
    created_at: z.string().optional(),
  }),
});
export type CreatedInvestment = z.infer<typeof createdInvestmentSchema>['data'];

/** The body of POST /api/investments. */
export interface ReserveAllocationInput {
  opportunity_id: number;
  amount: string;
  holding:
    | { type: 'self' }
    | { type: 'organisation'; organisation_id: number }
    | { type: 'investment_method'; investment_method_entity_id: number }
    | { type: 'nominee'; nominee_id: number };
  terms_accepted?: boolean;
}

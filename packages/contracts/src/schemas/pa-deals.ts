import { z } from 'zod';
import { currencySchema } from '../currencies';
import { defineListQuery, paginatedSchema } from '../list-query';
import { isLondonBusinessDay } from '../bank-holidays';
import { isZeroDecimal, MONEY_PATTERN, PRICE_PATTERN } from '../money';
import { idSchema, timestampSchema } from './common';

/*
 * Personal-account dealing (issue 21, FCA COBS 11.7): a staff member declares a deal they want to make for
 * themselves and asks for pre-clearance; compliance approves or refuses it; the person records the execution
 * (or withdraws the request). Every request, decision and execution is kept (decision 031).
 */

export const PA_DEAL_SIDES = ['buy', 'sell'] as const;
export type PaDealSide = (typeof PA_DEAL_SIDES)[number];
export const PA_DEAL_SIDE_LABELS: Record<PaDealSide, string> = { buy: 'Buy', sell: 'Sell' };

export const PA_DEAL_EVENT_KINDS = ['approved', 'refused', 'executed', 'withdrawn'] as const;
export type PaDealEventKind = (typeof PA_DEAL_EVENT_KINDS)[number];

/** Derived from the events: no outcome yet, then approved, refused or withdrawn; an approved one executed. */
export const PA_DEAL_STATUSES = ['pending', 'approved', 'refused', 'executed', 'withdrawn'] as const;
export type PaDealStatus = (typeof PA_DEAL_STATUSES)[number];
export const PA_DEAL_STATUS_LABELS: Record<PaDealStatus, string> = {
  pending: 'Awaiting decision',
  approved: 'Approved',
  refused: 'Refused',
  executed: 'Executed',
  withdrawn: 'Withdrawn',
};

/** Pre-clearance lasts this many London business days after the day of approval (decision 031). */
export const PA_DEAL_CLEARANCE_BUSINESS_DAYS = 2;

/**
 * The last day (YYYY-MM-DD) on which an approval made on `approvedOn` (a London date) covers an execution:
 * that day and the next two London business days (Monday to Friday, England and Wales bank holidays skipped;
 * decision 031).
 */
export function clearanceExpiresOn(
  approvedOn: string,
  businessDays = PA_DEAL_CLEARANCE_BUSINESS_DAYS,
): string {
  const day = new Date(`${approvedOn}T12:00:00Z`);
  let left = businessDays;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (isLondonBusinessDay(day.toISOString().slice(0, 10))) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}

export const SELF_DECISION_MESSAGE = 'Someone else must decide your own request.';

const REQUIRED = 'The :attribute field is required.';
const DATE_MESSAGE = 'The :attribute field must be a date (YYYY-MM-DD).';
const QUANTITY_MESSAGE = 'The :attribute field must be a number greater than 0, e.g. 1000 or 250.5.';
const VALUE_MESSAGE = 'The :attribute field must be an amount, e.g. 2500 or 2500.50.';
const PRICE_MESSAGE = 'The :attribute field must be a price greater than 0, e.g. 1.25.';
/** Up to 14 whole digits and 6 decimals, as the column holds. */
const QUANTITY_PATTERN = /^\d{1,14}(\.\d{1,6})?$/;

const text = (max: number) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(max, { error: `The :attribute field must not be greater than ${max} characters.` });

const quantityInput = z
  .string({ error: QUANTITY_MESSAGE })
  .trim()
  .regex(QUANTITY_PATTERN, { error: QUANTITY_MESSAGE })
  .refine((value) => !isZeroDecimal(value), { error: QUANTITY_MESSAGE });

/** POST /api/pa-deals: the staff member's own request for pre-clearance. */
export const createPaDealInputSchema = z.object({
  instrument: text(255),
  company_name: text(255),
  /** the issuer's opportunity or deal, when it is on the platform */
  opportunity_id: idSchema.nullable().optional(),
  deal_id: idSchema.nullable().optional(),
  side: z.enum(PA_DEAL_SIDES, { error: 'The :attribute field must be buy or sell.' }),
  quantity: quantityInput,
  estimated_value: z.string({ error: VALUE_MESSAGE }).trim().regex(MONEY_PATTERN, { error: VALUE_MESSAGE }),
  currency: currencySchema,
  reason: text(2000),
});
export type CreatePaDealInput = z.input<typeof createPaDealInputSchema>;

/** POST /api/pa-deals/{id}/approve: an optional note for the requester. */
export const approvePaDealInputSchema = z.object({
  note: z
    .string()
    .trim()
    .max(2000, { error: 'The :attribute field must not be greater than 2000 characters.' })
    .nullable()
    .optional(),
});

/** POST /api/pa-deals/{id}/refuse: why. */
export const refusePaDealInputSchema = z.object({ reason: text(2000) });

/** POST /api/pa-deals/{id}/execute: the trade as done. */
export const executePaDealInputSchema = z.object({
  executed_on: z.iso.date({ error: DATE_MESSAGE }),
  price: z
    .string({ error: PRICE_MESSAGE })
    .trim()
    .regex(PRICE_PATTERN, { error: PRICE_MESSAGE })
    .refine((value) => !isZeroDecimal(value), { error: PRICE_MESSAGE }),
  quantity: quantityInput,
});
export type ExecutePaDealInput = z.input<typeof executePaDealInputSchema>;

const person = z.object({ id: idSchema, name: z.string() });

export const paDealEventSchema = z
  .object({
    id: idSchema,
    kind: z.enum(PA_DEAL_EVENT_KINDS),
    /** a refusal's reason, an approval's note */
    reason: z.string().nullable(),
    executed_on: z.string().nullable(),
    price: z.string().nullable(),
    quantity: z.string().nullable(),
    actor: person,
    created_at: timestampSchema,
  })
  .meta({ id: 'PaDealEvent' });
export type PaDealEvent = z.infer<typeof paDealEventSchema>;

/** A list on which the dealing staff member is an insider for the deal's issuer. */
export const paDealInsiderWarningSchema = z.object({
  /** the list's subject: a deal, an opportunity, or none for the firm's permanent insider list */
  subject_type: z.enum(['deal', 'opportunity']).nullable(),
  subject_id: idSchema.nullable(),
  name: z.string().nullable(),
  permanent: z.boolean(),
  /** "Insider on the list of Acme Series A", "On the permanent insider list" */
  message: z.string(),
});
export type PaDealInsiderWarning = z.infer<typeof paDealInsiderWarningSchema>;

export const paDealSchema = z
  .object({
    id: idSchema,
    user: person,
    instrument: z.string(),
    company_name: z.string(),
    opportunity: person.nullable(),
    deal: person.nullable(),
    side: z.enum(PA_DEAL_SIDES),
    quantity: z.string(),
    estimated_value: z.string(),
    currency: z.string(),
    reason: z.string(),
    status: z.enum(PA_DEAL_STATUSES),
    /** London date of the approval, and the last day its pre-clearance covers an execution */
    approved_on: z.string().nullable(),
    clearance_expires_on: z.string().nullable(),
    /** approved, not executed, and today is past clearance_expires_on: ask again */
    clearance_lapsed: z.boolean(),
    events: z.array(paDealEventSchema),
    insider_warning: z.array(paDealInsiderWarningSchema),
    created_at: timestampSchema,
  })
  .meta({ id: 'PaDeal' });
export type PaDeal = z.infer<typeof paDealSchema>;

export const paDealListSchema = paginatedSchema(paDealSchema);

export const paDealsListQuery = defineListQuery({
  table: 'pa_deals',
  filters: {
    /** pending, approved, refused, executed, withdrawn (comma list for several) */
    status: 'exact',
    /** the dealing staff member (compliance only; others see their own whatever they send) */
    user_id: 'exact',
  },
  sorts: ['created_at'],
  defaultSort: ['-created_at'],
  includes: [],
  fields: [],
  appends: [],
});

import { z } from 'zod';
import { bankDetailsFieldsShape, bankDetailsInputShape } from '../schemas/bank-details';
import { idSchema, timestampSchema } from '../schemas/common';
import { CASH_CALL_STATUSES, HOLDING_TYPES, PAYMENT_KINDS } from './investing';
import { moneyInputSchema } from './opportunities';
import { INVESTMENT_STATUSES, INVESTMENT_TYPES } from './opportunity-status';

/*
 * The money behind a round, for staff (issue 11, spec §2.1): an opportunity's investments (its
 * Transactions tab), manual investments, cash calls, payments, cancellations and refunds, the
 * opportunity's bank details, and the same investments seen from an investor, organisation, investment
 * method or nominee. Money travels as decimal strings.
 */

const DATE_MESSAGE = 'The :attribute field must be a date (YYYY-MM-DD).';
const dateInput = z.iso.date({ error: DATE_MESSAGE });
const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  text(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** How an investment is held, by name: own name, or the organisation, entity or nominee it names. */
export const investmentHoldingSchema = z.object({
  type: z.enum(HOLDING_TYPES),
  /** the organisation's, entity's or nominee's id; null when held in the investor's own name */
  id: idSchema.nullable(),
  /** the investor's own name, or the vehicle's name */
  name: z.string(),
});
export type InvestmentHolding = z.infer<typeof investmentHoldingSchema>;

/** One investment as staff see it (an opportunity's, investor's, organisation's, method's or nominee's Transactions). */
export const staffInvestmentSchema = z
  .object({
    id: idSchema,
    opportunity: z.object({
      id: idSchema,
      name: z.string(),
      stage: z.number().int(),
      currency: z
        .string()
        .optional()
        .meta({ description: 'ISO 4217: the currency of every amount of the investment' }),
    }),
    investor: z.object({ id: idSchema, name: z.string(), email: z.string() }),
    holding: investmentHoldingSchema,
    amount: z.string(),
    shares: z.string().nullable(),
    paid_amount: z.string(),
    status: z.enum(INVESTMENT_STATUSES),
    type: z.enum(INVESTMENT_TYPES),
    payment_reference: z.string().nullable(),
    invested_on: z.string().nullable(),
    due_date: z.string().nullable().meta({ description: 'the due date of the cash call that called it' }),
    called_at: timestampSchema.nullable(),
    paid_at: timestampSchema.nullable(),
    completed_at: timestampSchema.nullable(),
    cancelled_at: timestampSchema.nullable(),
    cancel_reason: z.string().nullable(),
    refunded_at: timestampSchema.nullable(),
    note: z.string().nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'StaffInvestment' });
export type StaffInvestment = z.infer<typeof staffInvestmentSchema>;

/** What investments in one currency add up to: committed (reserved, called, paid), called, received. */
export const currencyTotalsSchema = z.object({
  currency: z.string(),
  count: z.number().int(),
  committed: z.string(),
  called: z.string(),
  received: z.string(),
});
export type CurrencyTotals = z.infer<typeof currencyTotalsSchema>;

/**
 * What the listed investments add up to, per currency (never added across currencies): `by_currency` has a
 * line per currency; the flat figures are that line's when there is one currency, and null when there
 * are several.
 */
export const investmentTotalsSchema = z.object({
  count: z.number().int(),
  currency: z.string().nullable().optional(),
  committed: z.string().nullable(),
  called: z.string().nullable(),
  received: z.string().nullable(),
  by_currency: z.array(currencyTotalsSchema).default([]),
});
export type InvestmentTotals = z.infer<typeof investmentTotalsSchema>;

export const staffInvestmentListSchema = z
  .object({ data: z.array(staffInvestmentSchema), totals: investmentTotalsSchema })
  .meta({ id: 'StaffInvestmentList' });
export type StaffInvestmentList = z.infer<typeof staffInvestmentListSchema>;

/** ?filter[status]=reserved,awaiting_payment (the list-query grammar's key, read flat) */
export const investmentListQuerySchema = z
  .object({
    'filter[status]': z
      .string()
      .refine(
        (value) =>
          value === '' ||
          value.split(',').every((status) => (INVESTMENT_STATUSES as readonly string[]).includes(status)),
        { error: `The status filter takes ${INVESTMENT_STATUSES.join(', ')} (comma for several).` },
      )
      .optional(),
  })
  .loose();

/** POST /api/opportunities/{id}/investments: staff record an investment made off the platform. */
export const manualInvestmentInputSchema = z
  .object({
    user_id: idSchema,
    type: z.enum(['manual', 'private_manual']),
    holding: z.discriminatedUnion('type', [
      z.object({ type: z.literal('self') }),
      z.object({ type: z.literal('organisation'), organisation_id: idSchema }),
      z.object({ type: z.literal('investment_method'), investment_method_entity_id: idSchema }),
      z.object({ type: z.literal('nominee'), nominee_id: idSchema }),
    ]),
    amount: moneyInputSchema,
    invested_on: dateInput,
    /** the money has come in already (on invested_on): recorded as a payment, the investment is paid */
    paid: z.boolean().default(false),
    reference: optionalText(100),
    note: optionalText(2000),
  })
  .meta({ id: 'NewManualInvestment' });
export type ManualInvestmentInput = z.input<typeof manualInvestmentInputSchema>;

/** POST /api/opportunities/{id}/cash-calls */
export const cashCallInputSchema = z
  .object({
    /** the reserved investments to call; empty or absent: every reserved investment of the opportunity */
    investment_ids: z.array(idSchema).max(1000).default([]),
    due_date: dateInput,
    message: optionalText(2000),
  })
  .meta({ id: 'NewCashCall' });
export type CashCallInput = z.input<typeof cashCallInputSchema>;

export const cashCallSchema = z
  .object({
    id: idSchema,
    opportunity_id: idSchema,
    due_date: z.string(),
    message: z.string().nullable(),
    investment_ids: z.array(idSchema),
    amount: z.string(),
    status: z.enum(CASH_CALL_STATUSES).optional(),
    created_at: timestampSchema,
  })
  .meta({ id: 'CashCall' });
export type CashCall = z.infer<typeof cashCallSchema>;

/** POST /api/investments/{id}/payments: money received (all or part of what is still due). */
export const paymentInputSchema = z
  .object({
    amount: moneyInputSchema,
    received_on: dateInput,
    reference: optionalText(100),
  })
  .meta({ id: 'NewInvestmentPayment' });
export type PaymentInput = z.input<typeof paymentInputSchema>;

/** POST /api/investments/{id}/cancel */
export const cancelInvestmentInputSchema = z
  .object({
    reason: text(500).min(1, { error: 'Say why the investment is cancelled.' }),
  })
  .meta({ id: 'CancelInvestment' });
export type CancelInvestmentInput = z.input<typeof cancelInvestmentInputSchema>;

/**
 * POST /api/investments/{id}/refund: a cancelled investment's money goes back, all of it (no amount) or
 * part of it.
 */
export const refundInputSchema = z
  .object({
    amount: moneyInputSchema.optional(),
    refunded_on: dateInput,
    reference: optionalText(100),
  })
  .meta({ id: 'RefundInvestment' });
export type RefundInput = z.input<typeof refundInputSchema>;

/** POST /api/investments/{id}/unallocated/refund: the investor's unallocated money in the round goes back. */
export const unallocatedRefundInputSchema = z
  .object({
    amount: moneyInputSchema,
    refunded_on: dateInput,
    reference: optionalText(100),
  })
  .meta({ id: 'RefundUnallocatedMoney' });
export type UnallocatedRefundInput = z.input<typeof unallocatedRefundInputSchema>;

/** POST /api/investments/{id}/unallocated/apply: the investor's unallocated money in the round pays this investment. */
export const unallocatedApplyInputSchema = z
  .object({
    amount: moneyInputSchema,
    applied_on: dateInput,
  })
  .meta({ id: 'ApplyUnallocatedMoney' });
export type UnallocatedApplyInput = z.input<typeof unallocatedApplyInputSchema>;

/** POST /api/investments/{id}/entries/{entry}/reversal: a mistaken entry is undone by a new one. */
export const reversalInputSchema = z
  .object({
    reason: text(500).min(1, { error: 'Say why the entry is reversed.' }),
    reversed_on: dateInput.optional(),
  })
  .meta({ id: 'ReverseLedgerEntry' });
export type ReversalInput = z.input<typeof reversalInputSchema>;

/** One entry of the money ledger (decision 019), as staff read it. */
export const investmentPaymentSchema = z
  .object({
    id: idSchema,
    investment_id: idSchema.nullable(),
    kind: z.enum(PAYMENT_KINDS),
    /** the money the entry is about (a payment: all the bank line brought) */
    amount: z.string(),
    /** what it did to the investment's paid amount (signed) */
    paid_delta: z.string(),
    /** what it did to the investor's unallocated money in the round (signed) */
    unallocated_delta: z.string(),
    received_on: z.string(),
    reference: z.string().nullable(),
    /** the entry a reversal undoes */
    reverses_id: idSchema.nullable(),
    /** the reversal that undid this entry, if any */
    reversed_by_id: idSchema.nullable(),
    reason: z.string().nullable(),
    recorded_by: z.object({ id: idSchema, name: z.string() }).nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'LedgerEntry' });
export type InvestmentPayment = z.infer<typeof investmentPaymentSchema>;

/** An investment with its ledger: its entries, and the investor's unallocated money in the round. */
export const investmentLedgerSchema = z
  .object({
    investment: staffInvestmentSchema,
    payments: z.array(investmentPaymentSchema),
    /** the investor's money held unallocated in this opportunity (refund it or apply it) */
    unallocated: z.string(),
  })
  .meta({ id: 'InvestmentLedger' });
export type InvestmentLedger = z.infer<typeof investmentLedgerSchema>;

/** A manual investment recorded: the amount is what its whole shares cost; the note says what was dropped. */
export const recordedManualInvestmentSchema = staffInvestmentSchema
  .extend({ rounding_note: z.string().nullable() })
  .meta({ id: 'RecordedManualInvestment' });
export type RecordedManualInvestment = z.infer<typeof recordedManualInvestmentSchema>;

/** PUT /api/opportunities/{id}/bank-details: where investors pay for this raise. */
export const bankDetailsInputSchema = z
  .object({
    ...bankDetailsInputShape,
  })
  .meta({ id: 'OpportunityBankDetailsChange' });
export type BankDetailsInput = z.input<typeof bankDetailsInputSchema>;

export const opportunityBankDetailsSchema = z
  .object({
    /** hide_bank_details_admin: the admin shows no bank details (the fields are null) */
    hidden: z.boolean(),
    /** intl_bank_details_enabled: IBAN and SWIFT are kept and shown */
    international: z.boolean(),
    ...bankDetailsFieldsShape,
  })
  .meta({ id: 'OpportunityBankDetails' });
export type OpportunityBankDetails = z.infer<typeof opportunityBankDetailsSchema>;

import { z } from 'zod';
import { idSchema, timestampSchema } from '../schemas/common';
import { optionalText } from '../crm/subjects';
import { moneyInputSchema } from '../investments/opportunities';
import { percentInputSchema } from './funds';
import { divideDecimal, isZeroDecimal, multiplyDecimal, splitProRata } from '../money';

/*
 * A fund's money (issue 20; DOMAIN.md, Fund measures; decision 024 and 026). Investors commit to a fund through
 * its opportunities (an investment whose opportunity has a fund_id: a commitment). Staff draw the commitments
 * down in capital calls, pay money back in distributions and charge fees; each split is exact to the penny
 * (`splitProRata`) and is an append-only entry per investor on the fund's ledger. Money is a decimal string;
 * multiples are decimal strings with 2 places, IRR a decimal string with 6 (0.125 is 12.5%).
 */

const DATE_MESSAGE = 'The :attribute field must be a date (YYYY-MM-DD).';
const isoDate = z.iso.date({ error: DATE_MESSAGE });
const person = z.object({ id: idSchema, name: z.string() });

/** POST /api/funds/{id}/capital-calls: a percentage of every commitment, or an amount split by commitment. */
export const capitalCallInputSchema = z
  .object({
    percent: percentInputSchema.optional(),
    amount: moneyInputSchema.optional(),
    due_date: isoDate,
    message: optionalText(2000),
  })
  .superRefine((input, context) => {
    const given = [input.percent, input.amount].filter((value) => value !== undefined).length;
    if (given !== 1)
      context.addIssue({
        code: 'custom',
        path: [input.percent === undefined ? 'percent' : 'amount'],
        message: 'Give either the percentage of commitments to call or the amount to call, not both.',
      });
    if (input.percent !== undefined && !/[1-9]/.test(input.percent))
      context.addIssue({
        code: 'custom',
        path: ['percent'],
        message: 'The percentage must be more than zero.',
      });
  })
  .meta({ id: 'NewCapitalCall' });
export type CapitalCallInput = z.input<typeof capitalCallInputSchema>;

/** One investor's part of a call, a distribution or a fee. */
export const fundLineSchema = z.object({
  investor_id: idSchema,
  investor_name: z.string(),
  /** the commitment it is drawn from or paid to */
  investment_id: idSchema,
  amount: z.string(),
});
export type FundLine = z.infer<typeof fundLineSchema>;

export const CAPITAL_CALL_STATUSES = ['open', 'paid'] as const;
export type CapitalCallStatus = (typeof CAPITAL_CALL_STATUSES)[number];

export const capitalCallSchema = z
  .object({
    id: idSchema,
    fund_id: idSchema,
    /** the percentage of commitments called, or null for an amount */
    percent: z.string().nullable(),
    total: z.string(),
    due_date: z.string(),
    message: z.string().nullable(),
    /** what has come in against it, each commitment's payments applied to its oldest call first */
    paid: z.string(),
    status: z.enum(CAPITAL_CALL_STATUSES),
    lines: z.array(fundLineSchema.extend({ paid: z.string() })),
    created_by: person.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'CapitalCall' });
export type CapitalCall = z.infer<typeof capitalCallSchema>;

export const DISTRIBUTION_KINDS = ['return_of_capital', 'gain', 'income'] as const;
export type DistributionKind = (typeof DISTRIBUTION_KINDS)[number];
export const DISTRIBUTION_KIND_LABELS: Record<DistributionKind, string> = {
  return_of_capital: 'Return of capital',
  gain: 'Capital gain',
  income: 'Income',
};
export const FEE_KINDS = ['management_fee', 'performance_fee', 'expense'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];
export const FEE_KIND_LABELS: Record<FeeKind, string> = {
  management_fee: 'Management fee',
  performance_fee: 'Performance fee',
  expense: 'Fund expense',
};
export const FUND_MOVEMENT_TYPES = ['distribution', 'fee'] as const;
export type FundMovementType = (typeof FUND_MOVEMENT_TYPES)[number];

const movementInput = <K extends readonly [string, ...string[]]>(kinds: K) =>
  z.object({
    amount: moneyInputSchema,
    date: isoDate,
    kind: z.enum(kinds),
    note: optionalText(2000),
  });

/** POST /api/funds/{id}/distributions: money paid back to investors pro rata to what they have paid in. */
export const distributionInputSchema = movementInput(DISTRIBUTION_KINDS).meta({ id: 'NewDistribution' });
export type DistributionInput = z.input<typeof distributionInputSchema>;

/** POST /api/funds/{id}/fees: a fee or expense charged to the fund, borne pro rata to paid-in capital. */
export const feeInputSchema = movementInput(FEE_KINDS).meta({ id: 'NewFundFee' });
export type FeeInput = z.input<typeof feeInputSchema>;

/** POST /api/funds/{id}/movements/{movement}/reversals: undoes a distribution or a fee with a new entry. */
export const fundReversalInputSchema = z
  .object({ reason: z.string().trim().min(1).max(500) })
  .meta({ id: 'NewFundReversal' });

/** A distribution or a fee, with each investor's part; a reversal has negative amounts and names what it undoes. */
export const fundMovementSchema = z
  .object({
    id: idSchema,
    fund_id: idSchema,
    type: z.enum(FUND_MOVEMENT_TYPES),
    kind: z.string(),
    total: z.string(),
    date: z.string(),
    note: z.string().nullable(),
    lines: z.array(fundLineSchema),
    reverses_id: idSchema.nullable(),
    reason: z.string().nullable(),
    reversed_by_id: idSchema.nullable(),
    created_by: person.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'FundMovement' });
export type FundMovement = z.infer<typeof fundMovementSchema>;

/** The measures of DOMAIN.md (Fund measures), for the fund or one commitment. */
export const fundMeasuresSchema = z.object({
  committed: z.string(),
  called: z.string(),
  uncalled: z.string(),
  paid_in: z.string(),
  distributed: z.string(),
  fees: z.string(),
  /** the fund's latest NAV, or the commitment's share of it by paid-in capital */
  value: z.string(),
  dpi: z.string().nullable(),
  rvpi: z.string().nullable(),
  tvpi: z.string().nullable(),
  irr: z.string().nullable(),
});
export type FundMeasures = z.infer<typeof fundMeasuresSchema>;

export const fundCommitmentSchema = fundMeasuresSchema
  .extend({
    investment_id: idSchema,
    investor: person,
    opportunity_id: idSchema,
    status: z.string(),
    payment_reference: z.string().nullable(),
  })
  .meta({ id: 'FundCommitment' });
export type FundCommitment = z.infer<typeof fundCommitmentSchema>;

/** GET /api/funds/{id}/kpis: the fund's measures today and each commitment's. */
export const fundKpisSchema = z
  .object({
    fund_id: idSchema,
    currency: z.string(),
    as_of: z.string(),
    nav_on: z.string().nullable(),
    fund: fundMeasuresSchema,
    commitments: z.array(fundCommitmentSchema),
  })
  .meta({ id: 'FundKpis' });
export type FundKpis = z.infer<typeof fundKpisSchema>;

/**
 * A percentage call's total: Σ commitments × percent ÷ 100, rounded half up to the penny (decision 024). The
 * one place this is computed: the server calls it, the call form previews with it.
 */
export const capitalCallTotal = (committed: string, percent: string) =>
  divideDecimal(multiplyDecimal(committed, percent, 4), '100', 2, 'half-up');

/**
 * A call's lines: `total` split by commitment, each capped at what is left uncalled of it, lines given in
 * investment id order; lines of nothing left out (decision 024). Throws a RangeError when the commitments
 * cannot take the total.
 */
export function splitCapitalCall<K>(
  total: string,
  commitments: ReadonlyArray<{ key: K; committed: string; uncalled: string }>,
): Array<{ key: K; amount: string }> {
  return splitProRata(
    total,
    commitments.map((row) => ({ key: row.key, weight: row.committed, cap: row.uncalled })),
  ).filter((line) => !isZeroDecimal(line.amount));
}

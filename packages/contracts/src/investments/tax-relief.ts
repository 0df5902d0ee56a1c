import { z } from 'zod';
import { multiplyDecimal } from '../money';
import { idSchema, timestampSchema } from '../schemas/common';
import type { TaxRelief } from './opportunity-status';

/*
 * EIS/SEIS relief (issue 20, DOMAIN.md): income-tax relief on shares newly issued by a qualifying company,
 * 30% (EIS) or 50% (SEIS) of the amount subscribed, for the UK tax year of the share issue, claimed with the
 * company's EIS3/SEIS3 certificate (an EIS fund issues EIS5). Each share issue to an investor is a relief
 * line; its certificate is received (staff recorded one not withdrawn) or awaited.
 */

/** The certificate that supports a claim: EIS3/SEIS3 from the company, EIS5 from an EIS fund's manager. */
export const TAX_RELIEF_SCHEMES = ['eis3', 'seis3', 'eis5'] as const;
export type TaxReliefScheme = (typeof TAX_RELIEF_SCHEMES)[number];
export const TAX_RELIEF_SCHEME_LABELS: Record<TaxReliefScheme, string> = {
  eis3: 'EIS3',
  seis3: 'SEIS3',
  eis5: 'EIS5',
};

/** The relief rate of a scheme, as a decimal string: EIS 30%, SEIS 50%; none for "none". */
export function reliefRateOf(relief: TaxRelief): string | null {
  if (relief === 'eis') return '0.30';
  if (relief === 'seis') return '0.50';
  return null;
}

/**
 * The relief on an amount subscribed: amount × rate, exact on decimal strings, rounded DOWN to the penny
 * (relief is never more than the rate allows; an amount in pence × 30% or 50% has at most a tenth of a
 * penny more, which is dropped).
 */
export function reliefAmount(amount: string, rate: string): string {
  return multiplyDecimal(amount, rate, 2, 'floor');
}

/**
 * The UK tax year (6 April to 5 April) a London date (YYYY-MM-DD) falls in, by the year it starts:
 * 2026-04-05 → 2025, 2026-04-06 → 2026.
 */
export function taxYearOf(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  const year = Number(match[1]);
  const monthDay = `${match[2]}-${match[3]}`;
  return monthDay >= '04-06' ? year : year - 1;
}

/** "2026/27" for the tax year starting 6 April 2026. */
export function taxYearLabel(startYear: number): string {
  return `${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** The first and last London dates of a tax year: 2026 → 2026-04-06 and 2027-04-05. */
export function taxYearBounds(startYear: number): { from: string; to: string } {
  return { from: `${startYear}-04-06`, to: `${startYear + 1}-04-05` };
}

export const TAX_RELIEF_CERTIFICATE_STATUSES = ['received', 'awaited'] as const;
export type TaxReliefCertificateStatus = (typeof TAX_RELIEF_CERTIFICATE_STATUSES)[number];

const DATE_MESSAGE = 'The :attribute field must be a date (YYYY-MM-DD).';
const isoDate = z.iso.date({ error: DATE_MESSAGE });
const referenceInput = z
  .string({ error: 'The :attribute field is required.' })
  .trim()
  .min(1, { error: 'The :attribute field is required.' })
  .max(100, { error: 'The :attribute field must not be greater than 100 characters.' });

/** A line's certificate: received (with its reference and date) or awaited. */
export const taxReliefCertificateStatusSchema = z
  .object({
    status: z.enum(TAX_RELIEF_CERTIFICATE_STATUSES),
    /** the certificate's row, null while awaited */
    id: idSchema.nullable(),
    scheme: z.enum(TAX_RELIEF_SCHEMES),
    reference: z.string().nullable(),
    issued_on: z.string().nullable(),
  })
  .meta({ id: 'TaxReliefCertificateStatus' });
export type TaxReliefCertificateState = z.infer<typeof taxReliefCertificateStatusSchema>;

/** One share issue to the investor that qualifies for relief (a direct allotment or follow-on, or an EIS fund's investment). */
export const taxReliefLineSchema = z
  .object({
    source: z.enum(['direct', 'fund']),
    /** the holding transaction (direct) or the fund's company transaction (fund) */
    share_issue_id: idSchema,
    opportunity: z.object({ id: idSchema, name: z.string(), slug: z.string() }).nullable(),
    fund: z.object({ id: idSchema, name: z.string() }).nullable(),
    company_name: z.string(),
    /** YYYY-MM-DD, the London date of the share issue */
    date: z.string(),
    relief: z.enum(['eis', 'seis']),
    currency: z.string(),
    /** the amount subscribed (for a fund: the investor's share of the fund's investment, by paid-in capital) */
    amount: z.string(),
    /** "0.30" or "0.50" */
    rate: z.string(),
    /** amount × rate, rounded down to the penny */
    relief_amount: z.string(),
    /** the tax year by the year it starts (2025 for 2025/26) and its label */
    tax_year: z.number().int(),
    tax_year_label: z.string(),
    certificate: taxReliefCertificateStatusSchema,
  })
  .meta({ id: 'TaxReliefLine' });
export type TaxReliefLine = z.infer<typeof taxReliefLineSchema>;

/** A tax year's totals, in one currency (money is never added across currencies). */
export const taxReliefYearTotalSchema = z
  .object({
    tax_year: z.number().int(),
    tax_year_label: z.string(),
    currency: z.string(),
    amount: z.string(),
    relief_amount: z.string(),
    lines: z.number().int(),
    awaited: z.number().int(),
  })
  .meta({ id: 'TaxReliefYearTotal' });
export type TaxReliefYearTotal = z.infer<typeof taxReliefYearTotalSchema>;

/** The investor's relief statement: lines oldest first, totals newest tax year first. */
export const taxReliefStatementSchema = z
  .object({
    lines: z.array(taxReliefLineSchema),
    totals: z.array(taxReliefYearTotalSchema),
  })
  .meta({ id: 'TaxReliefStatement' });
export type TaxReliefStatement = z.infer<typeof taxReliefStatementSchema>;

export const taxReliefQuerySchema = z.object({
  /** only this tax year (by the year it starts: 2025 for 2025/26) */
  tax_year: z.coerce
    .number({ error: 'The :attribute field must be a year, e.g. 2025 for 2025/26.' })
    .int({ error: 'The :attribute field must be a year, e.g. 2025 for 2025/26.' })
    .min(1990, { error: 'The :attribute field must be a year, e.g. 2025 for 2025/26.' })
    .max(2200, { error: 'The :attribute field must be a year, e.g. 2025 for 2025/26.' })
    .optional(),
});

/** A certificate as recorded by staff. */
export const taxReliefCertificateSchema = z
  .object({
    id: idSchema,
    holding_transaction_id: idSchema.nullable(),
    fund_company_transaction_id: idSchema.nullable(),
    user_id: idSchema,
    scheme: z.enum(TAX_RELIEF_SCHEMES),
    reference: z.string(),
    issued_on: z.string(),
    recorded_by: z.object({ id: idSchema, name: z.string() }).nullable(),
    created_at: timestampSchema,
    withdrawn_at: timestampSchema.nullable(),
    withdrawal_reason: z.string().nullable(),
  })
  .meta({ id: 'TaxReliefCertificate' });
export type TaxReliefCertificate = z.infer<typeof taxReliefCertificateSchema>;

/** One share issue of a round (or of a fund's company investment, per investor) as staff see it. */
export const staffTaxReliefLineSchema = z
  .object({
    source: z.enum(['direct', 'fund']),
    share_issue_id: idSchema,
    investor: z.object({ id: idSchema, name: z.string() }),
    kind: z.string(),
    company_name: z.string(),
    date: z.string(),
    currency: z.string(),
    amount: z.string(),
    relief_amount: z.string(),
    tax_year_label: z.string(),
    certificate: taxReliefCertificateStatusSchema,
  })
  .meta({ id: 'StaffTaxReliefLine' });
export type StaffTaxReliefLine = z.infer<typeof staffTaxReliefLineSchema>;

/** A round's (or a fund's) relief: the scheme, its rate and every share issue with its certificate. */
export const staffTaxReliefSchema = z
  .object({
    relief: z.enum(['eis', 'seis', 'none']),
    rate: z.string().nullable(),
    lines: z.array(staffTaxReliefLineSchema),
  })
  .meta({ id: 'StaffTaxRelief' });
export type StaffTaxRelief = z.infer<typeof staffTaxReliefSchema>;

/** Record the certificate of one allotment or follow-on of the round. */
export const recordTaxReliefCertificateInputSchema = z.object({
  holding_transaction_id: idSchema,
  reference: referenceInput,
  issued_on: isoDate,
});

/** Record the certificate of one investor's share of one of the fund's company investments. */
export const recordFundTaxReliefCertificateInputSchema = z.object({
  fund_company_transaction_id: idSchema,
  user_id: idSchema,
  reference: referenceInput,
  issued_on: isoDate,
});

/** Every awaited share issue of the round: certificates issued on a date, references prefix + the issue's id. */
export const bulkTaxReliefCertificatesInputSchema = z.object({
  issued_on: isoDate,
  reference_prefix: z
    .string({ error: 'The :attribute field is required.' })
    .trim()
    .min(1, { error: 'The :attribute field is required.' })
    .max(80, { error: 'The :attribute field must not be greater than 80 characters.' }),
});

export const bulkTaxReliefResultSchema = z
  .object({ recorded: z.number().int(), certificates: z.array(taxReliefCertificateSchema) })
  .meta({ id: 'BulkTaxReliefResult' });

/** Withdraw a certificate recorded by mistake: it stays, withdrawn, and the issue awaits one again. */
export const withdrawTaxReliefCertificateInputSchema = z.object({
  reason: z
    .string({ error: 'The :attribute field is required.' })
    .trim()
    .min(1, { error: 'The :attribute field is required.' })
    .max(500, { error: 'The :attribute field must not be greater than 500 characters.' }),
});

import { z } from 'zod';
import { defineListQuery, paginatedSchema, type ListColumn } from '../list-query';
import { idSchema, timestampSchema } from '../schemas/common';
import { countrySchema, optionalText } from '../crm/subjects';
import { optionalWebsite } from '../crm/organisations';
import { MONEY_PATTERN } from '../money';
import { moneyInputSchema } from '../investments/opportunities';
import { sharesInputSchema } from '../investments/portfolio-api';

/*
 * Fund-investment companies (issue 20; spec §2.1 Fund-investment companies; DOMAIN.md, Funds): the companies a
 * fund invests in (its portfolio), each with its key information, an append-only list of transactions and an
 * append-only history of maturity statuses. Money is a decimal string in the fund's currency; the figures
 * (cost, realised, valuation, multiple) are computed on the server in one place. Every route answers 404 while
 * the funds feature is off; the `funds` resource of the permission table guards them.
 */

export const FUND_COMPANY_STATUSES = ['active', 'exited', 'written_off', 'dormant', 'ipo'] as const;
export type FundCompanyStatus = (typeof FUND_COMPANY_STATUSES)[number];
export const FUND_COMPANY_STATUS_LABELS: Record<FundCompanyStatus, string> = {
  active: 'Active',
  exited: 'Exited',
  written_off: 'Written off',
  dormant: 'Dormant',
  ipo: 'IPO',
};

export const FUND_COMPANY_TRANSACTION_KINDS = [
  'investment',
  'follow_on',
  'valuation',
  'partial_exit',
  'exit',
  'write_off',
  'dividend',
] as const;
export type FundCompanyTransactionKind = (typeof FUND_COMPANY_TRANSACTION_KINDS)[number];
export const FUND_COMPANY_TRANSACTION_KIND_LABELS: Record<FundCompanyTransactionKind, string> = {
  investment: 'Investment',
  follow_on: 'Follow-on',
  valuation: 'Valuation',
  partial_exit: 'Partial exit',
  exit: 'Exit',
  write_off: 'Write-off',
  dividend: 'Dividend',
};
/** The kinds that move money and need an amount (a write-off's is optional, a valuation has none). */
export const FUND_COMPANY_MONEY_KINDS = [
  'investment',
  'follow_on',
  'partial_exit',
  'exit',
  'dividend',
] as const satisfies readonly FundCompanyTransactionKind[];

const DATE_MESSAGE = 'The :attribute field must be a date (YYYY-MM-DD).';
const isoDate = z.iso.date({ error: DATE_MESSAGE });
const person = z.object({ id: idSchema, name: z.string() });
const OWNERSHIP_MESSAGE =
  'The :attribute field must be a percentage from 0 to 100 with up to 4 decimals, e.g. 12.5 or 7.2500.';
/** The fund's share of the company: 0 to 100, up to 4 decimals. */
export const ownershipInputSchema = z
  .string({ error: OWNERSHIP_MESSAGE })
  .trim()
  .regex(/^(100(\.0{1,4})?|\d{1,2}(\.\d{1,4})?)$/, { error: OWNERSHIP_MESSAGE });
const VALUATION_MESSAGE =
  'The :attribute field must be an amount, e.g. 2500000 or 2500000.50 (0 for nothing).';
/** A holding's value: an amount, zero allowed. */
export const valuationInputSchema = z
  .string({ error: VALUATION_MESSAGE })
  .trim()
  .regex(MONEY_PATTERN, { error: VALUATION_MESSAGE });

/** The figures of one company (or the sum of several): decimal strings, the multiple with 2 decimals. */
export const fundCompanyFiguresSchema = z.object({
  /** Σ investments and follow-ons, net of reversals */
  cost: z.string(),
  /** Σ partial exits, exits and dividends, net of reversals */
  realised: z.string(),
  /** the latest valuation (0 after a write-off or an exit), else the cost */
  valuation: z.string(),
  /** (valuation + realised) ÷ cost, or null with no cost */
  multiple: z.string().nullable(),
});
export type FundCompanyFigures = z.infer<typeof fundCompanyFiguresSchema>;

export const fundCompanySchema = z
  .object({
    id: idSchema,
    fund_id: idSchema,
    fund: z.object({ id: idSchema, name: z.string(), currency: z.string() }),
    name: z.string(),
    company_number: z.string().nullable(),
    industry_id: idSchema.nullable(),
    industry: person.nullable(),
    country: z.string().nullable(),
    website: z.string().nullable(),
    description: z.string().nullable(),
    share_class: z.string().nullable(),
    first_investment_on: z.string().nullable(),
    board_seat: z.boolean(),
    lead_investor: z.string().nullable(),
    ownership_percent: z.string().nullable(),
    /** the latest maturity status and its date (null before the first) */
    status: z.enum(FUND_COMPANY_STATUSES).nullable(),
    status_on: z.string().nullable(),
    ...fundCompanyFiguresSchema.shape,
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'FundCompany' });
export type FundCompany = z.infer<typeof fundCompanySchema>;

export const fundCompanyListSchema = paginatedSchema(fundCompanySchema.partial());

const companyName = z.string().trim().min(1).max(200);
const keyInformation = {
  company_number: optionalText(50),
  industry_id: idSchema.nullable().optional(),
  country: countrySchema,
  website: optionalWebsite,
  description: optionalText(5000),
  share_class: optionalText(100),
  first_investment_on: isoDate.nullable().optional(),
  board_seat: z.boolean().optional(),
  lead_investor: optionalText(200),
  ownership_percent: ownershipInputSchema.nullable().optional(),
};

/** POST /api/fund-companies: the fund and the name are required; it starts Active. */
export const createFundCompanyInputSchema = z
  .object({ fund_id: idSchema, name: companyName, ...keyInformation })
  .meta({ id: 'NewFundCompany' });
export type CreateFundCompanyInput = z.input<typeof createFundCompanyInputSchema>;

/** PATCH /api/fund-companies/{id}: its name and key information (the fund is fixed). */
export const updateFundCompanyInputSchema = z
  .object({ name: companyName.optional(), ...keyInformation })
  .meta({ id: 'FundCompanyChanges' });
export type UpdateFundCompanyInput = z.input<typeof updateFundCompanyInputSchema>;

export const FUND_COMPANY_LIST_FIELDS = [
  'id',
  'fund_id',
  'fund',
  'name',
  'company_number',
  'industry_id',
  'industry',
  'country',
  'website',
  'description',
  'share_class',
  'first_investment_on',
  'board_seat',
  'lead_investor',
  'ownership_percent',
  'status',
  'status_on',
  'cost',
  'realised',
  'valuation',
  'multiple',
  'created_at',
  'updated_at',
] as const;

export const fundCompaniesListQuery = defineListQuery({
  table: 'fund_companies',
  filters: { search: 'scope', fund: 'exact', status: 'exact' },
  sorts: ['name', 'first_investment_on', 'created_at'],
  defaultSort: ['name'],
  includes: [],
  fields: FUND_COMPANY_LIST_FIELDS,
  appends: [],
});

/** The columns of the companies list and of its exports, in order. */
export const FUND_COMPANY_COLUMNS = [
  { key: 'name', label: 'Company', default: true },
  { key: 'fund', label: 'Fund', default: true },
  { key: 'status', label: 'Status', default: true },
  { key: 'cost', label: 'Cost', default: true },
  { key: 'valuation', label: 'Valuation', default: true },
  { key: 'realised', label: 'Realised', default: false },
  { key: 'multiple', label: 'Multiple', default: true },
  { key: 'ownership_percent', label: 'Ownership %', default: false },
  { key: 'first_investment_on', label: 'First investment', default: false },
  { key: 'created_at', label: 'Added', default: false },
] as const satisfies ReadonlyArray<ListColumn<(typeof FUND_COMPANY_LIST_FIELDS)[number]>>;
export type FundCompanyColumnKey = (typeof FUND_COMPANY_COLUMNS)[number]['key'];

/** A transaction of the fund with the company; a reversal has negative amounts and names what it undoes. */
export const fundCompanyTransactionSchema = z
  .object({
    id: idSchema,
    company_id: idSchema,
    kind: z.enum(FUND_COMPANY_TRANSACTION_KINDS),
    date: z.string(),
    amount: z.string().nullable(),
    shares: z.string().nullable(),
    valuation: z.string().nullable(),
    note: z.string().nullable(),
    reverses_id: idSchema.nullable(),
    reason: z.string().nullable(),
    reversed_by_id: idSchema.nullable(),
    created_by: person.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'FundCompanyTransaction' });
export type FundCompanyTransaction = z.infer<typeof fundCompanyTransactionSchema>;

export const fundCompanyTransactionListSchema = z.object({ data: z.array(fundCompanyTransactionSchema) });

/**
 * POST /api/fund-companies/{id}/transactions: a money kind takes an amount, a valuation the holding's value,
 * a write-off optionally the amount written off. The date is not after today (London).
 */
export const fundCompanyTransactionInputSchema = z
  .object({
    kind: z.enum(FUND_COMPANY_TRANSACTION_KINDS),
    date: isoDate,
    amount: moneyInputSchema.nullable().optional(),
    shares: sharesInputSchema.nullable().optional(),
    valuation: valuationInputSchema.nullable().optional(),
    note: optionalText(2000),
  })
  .superRefine((input, context) => {
    const amount = input.amount ?? null;
    const valuation = input.valuation ?? null;
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (input.kind === 'valuation') {
      if (valuation === null) issue('valuation', 'The valuation field is required for a valuation.');
      if (amount !== null)
        issue('amount', 'A valuation has no amount: give the holding’s value as the valuation.');
      return;
    }
    if (valuation !== null) issue('valuation', 'Only a valuation has a valuation.');
    if (input.kind !== 'write_off' && amount === null) issue('amount', 'The amount field is required.');
  })
  .meta({ id: 'NewFundCompanyTransaction' });
export type FundCompanyTransactionInput = z.input<typeof fundCompanyTransactionInputSchema>;

/** POST /api/fund-companies/{id}/transactions/{tx}/reversals: undoes a transaction with a new one, once. */
export const fundCompanyReversalInputSchema = z
  .object({ reason: z.string().trim().min(1).max(500) })
  .meta({ id: 'NewFundCompanyReversal' });

export const fundCompanyStatusSchema = z
  .object({
    id: idSchema,
    company_id: idSchema,
    status: z.enum(FUND_COMPANY_STATUSES),
    effective_on: z.string(),
    note: z.string().nullable(),
    created_by: person.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'FundCompanyStatus' });
export type FundCompanyStatusEntry = z.infer<typeof fundCompanyStatusSchema>;

export const fundCompanyStatusListSchema = z.object({ data: z.array(fundCompanyStatusSchema) });

/** POST /api/fund-companies/{id}/statuses: the company's status from a date (not after today, London). */
export const fundCompanyStatusInputSchema = z
  .object({
    status: z.enum(FUND_COMPANY_STATUSES),
    effective_on: isoDate,
    note: optionalText(1000),
  })
  .meta({ id: 'NewFundCompanyStatus' });
export type FundCompanyStatusInput = z.input<typeof fundCompanyStatusInputSchema>;

/** GET /api/funds/{id}/portfolio: the fund's companies with their figures, and the totals. */
export const fundPortfolioSchema = z
  .object({
    fund_id: idSchema,
    currency: z.string(),
    companies: z.array(fundCompanySchema),
    totals: fundCompanyFiguresSchema,
  })
  .meta({ id: 'FundPortfolio' });
export type FundPortfolio = z.infer<typeof fundPortfolioSchema>;

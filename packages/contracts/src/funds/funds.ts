import { z } from 'zod';
import { defineListQuery, paginatedSchema, type ListColumn } from '../list-query';
import { idSchema, timestampSchema } from '../schemas/common';
import { optionalText } from '../crm/subjects';
import { currencySchema } from '../currencies';
import { moneyInputSchema } from '../investments/opportunities';
import { TAX_RELIEFS } from '../investments/opportunity-status';

/*
 * Funds (spec §1, §2.1 Funds, §3 fund and net asset value, §4 status and active; DOMAIN.md, Funds): a pooled
 * vehicle investors commit to, with its terms, its status (1 Draft, 2 Live) and whether it is active (1 Active,
 * 0 Closed). Money travels as decimal strings, never as numbers. Every funds route answers 404 while the funds
 * feature is off.
 */

export const FUND_TYPES = [
  'eis',
  'seis',
  'venture_capital',
  'private_equity',
  'property',
  'debt',
  'other',
] as const;
export type FundType = (typeof FUND_TYPES)[number];
export const FUND_TYPE_LABELS: Record<FundType, string> = {
  eis: 'EIS fund',
  seis: 'SEIS fund',
  venture_capital: 'Venture capital',
  private_equity: 'Private equity',
  property: 'Property',
  debt: 'Debt',
  other: 'Other',
};

/** Spec §4: fund status. */
export const FUND_STATUSES = [1, 2] as const;
export type FundStatus = (typeof FUND_STATUSES)[number];
export const FUND_STATUS_LABELS: Record<FundStatus, string> = { 1: 'Draft', 2: 'Live' };

/** Spec §4: active status. */
export const FUND_ACTIVE_STATES = [0, 1] as const;
export type FundActive = (typeof FUND_ACTIVE_STATES)[number];
export const FUND_ACTIVE_LABELS: Record<FundActive, string> = { 0: 'Closed', 1: 'Active' };

const PERCENT_MESSAGE =
  'The :attribute field must be a percentage from 0 to 100 with up to 2 decimals, e.g. 2 or 2.50.';
export const PERCENT_PATTERN = /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/;
/** A percentage as a decimal string from 0 to 100, up to 2 decimals ("2.00", "20"). */
export const percentInputSchema = z
  .string({ error: PERCENT_MESSAGE })
  .trim()
  .regex(PERCENT_PATTERN, { error: PERCENT_MESSAGE });
const DATE_MESSAGE = 'The :attribute field must be a date (YYYY-MM-DD).';
const isoDate = z.iso.date({ error: DATE_MESSAGE });
const fundName = z.string().trim().min(1).max(200);
const vintage = z.number().int().min(1990).max(2100);

export const fundSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    type: z.enum(FUND_TYPES),
    /** the year the fund made its first investment or closed to commitments */
    vintage: z.number().int().nullable(),
    /** ISO 4217; every figure of the fund is in it */
    currency: z.string(),
    target_size: z.string(),
    /** yearly, as a percentage of commitments (decimal string, "2.00") */
    management_fee_percent: z.string().nullable(),
    carried_interest_percent: z.string().nullable(),
    /** the preferred return before carried interest */
    hurdle_percent: z.string().nullable(),
    tax_relief: z.enum(TAX_RELIEFS),
    status: z.union([z.literal(1), z.literal(2)]),
    active: z.union([z.literal(0), z.literal(1)]),
    description: z.string().nullable(),
    /** the latest current NAV and its date, or null before the first */
    latest_nav: z.string().nullable(),
    latest_nav_on: z.string().nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Fund' });
export type Fund = z.infer<typeof fundSchema>;

export const fundListSchema = paginatedSchema(fundSchema.partial());

/** POST /api/funds: name, currency and target size are required; the rest take their defaults. */
export const createFundInputSchema = z
  .object({
    name: fundName,
    currency: currencySchema,
    target_size: moneyInputSchema,
    type: z.enum(FUND_TYPES).optional(),
    vintage: vintage.nullable().optional(),
    management_fee_percent: percentInputSchema.nullable().optional(),
    carried_interest_percent: percentInputSchema.nullable().optional(),
    hurdle_percent: percentInputSchema.nullable().optional(),
    tax_relief: z.enum(TAX_RELIEFS).optional(),
    description: optionalText(5000),
  })
  .meta({ id: 'NewFund' });
export type CreateFundInput = z.input<typeof createFundInputSchema>;

/** PATCH /api/funds/{id}: any of the terms, the status and whether it is active. */
export const updateFundInputSchema = z
  .object({
    name: fundName.optional(),
    currency: currencySchema.optional(),
    target_size: moneyInputSchema.optional(),
    type: z.enum(FUND_TYPES).optional(),
    vintage: vintage.nullable().optional(),
    management_fee_percent: percentInputSchema.nullable().optional(),
    carried_interest_percent: percentInputSchema.nullable().optional(),
    hurdle_percent: percentInputSchema.nullable().optional(),
    tax_relief: z.enum(TAX_RELIEFS).optional(),
    status: z.union([z.literal(1), z.literal(2)]).optional(),
    active: z.union([z.literal(0), z.literal(1)]).optional(),
    description: optionalText(5000),
  })
  .meta({ id: 'FundChanges' });
export type UpdateFundInput = z.input<typeof updateFundInputSchema>;

export const FUND_LIST_FIELDS = [
  'id',
  'name',
  'type',
  'vintage',
  'currency',
  'target_size',
  'tax_relief',
  'status',
  'active',
  'latest_nav',
  'latest_nav_on',
  'created_at',
  'updated_at',
] as const;

export const fundsListQuery = defineListQuery({
  table: 'funds',
  filters: { search: 'scope', status: 'exact', active: 'exact', type: 'exact', tax_relief: 'exact' },
  sorts: ['name', 'vintage', 'target_size', 'created_at'],
  defaultSort: ['name'],
  includes: [],
  fields: FUND_LIST_FIELDS,
  appends: [],
});

/** The columns of the funds list and of its exports, in order. */
export const FUND_COLUMNS = [
  { key: 'name', label: 'Name', default: true },
  { key: 'type', label: 'Type', default: true },
  { key: 'vintage', label: 'Vintage', default: true },
  { key: 'target_size', label: 'Target size', default: true },
  { key: 'currency', label: 'Currency', default: false },
  { key: 'tax_relief', label: 'Tax relief', default: true },
  { key: 'status', label: 'Status', default: true },
  { key: 'active', label: 'Active', default: true },
  { key: 'latest_nav', label: 'Latest NAV', default: false },
  { key: 'created_at', label: 'Added', default: false },
] as const satisfies ReadonlyArray<ListColumn<(typeof FUND_LIST_FIELDS)[number]>>;
export type FundColumnKey = (typeof FUND_COLUMNS)[number]['key'];

/**
 * A net asset value of the fund at a date (DOMAIN.md, Funds). Append-only: a correction is a new NAV that
 * supersedes the one it replaces, which is kept with when and by whom it was replaced. One current NAV a date.
 */
export const fundNavSchema = z
  .object({
    id: idSchema,
    fund_id: idSchema,
    nav: z.string(),
    effective_on: z.string(),
    note: z.string().nullable(),
    created_by: z.object({ id: idSchema, name: z.string() }).nullable(),
    created_at: timestampSchema,
    /** set once a later NAV for the same date replaced it */
    replaced_at: timestampSchema.nullable(),
    superseded_by_id: idSchema.nullable(),
  })
  .meta({ id: 'FundNav' });
export type FundNav = z.infer<typeof fundNavSchema>;

export const fundNavListSchema = z.object({ data: z.array(fundNavSchema) });

/** POST /api/funds/{id}/navs: a NAV at a date; one already current on that date is replaced (kept as history). */
export const createFundNavInputSchema = z
  .object({
    date: isoDate,
    nav: z
      .string({ error: 'The :attribute field must be an amount, e.g. 2500000 or 2500000.50.' })
      .trim()
      .regex(/^\d{1,14}(\.\d{1,2})?$/, {
        error: 'The :attribute field must be an amount, e.g. 2500000 or 2500000.50.',
      }),
    note: optionalText(1000),
  })
  .meta({ id: 'NewFundNav' });
export type CreateFundNavInput = z.input<typeof createFundNavInputSchema>;

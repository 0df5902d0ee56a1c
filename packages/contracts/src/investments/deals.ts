import { z } from 'zod';
import { optionalWebsite } from '../crm/organisations';
import { optionalText, personRefSchema } from '../crm/subjects';
import { defineListQuery, paginatedSchema, type ListColumn } from '../list-query';
import { MONEY_PATTERN } from '../money';
import { idSchema, timestampSchema } from '../schemas/common';

/** Pipeline deals (spec §2.1 Deals, DOMAIN.md Investing): companies being assessed, stage by stage. */

const refSchema = z.object({ id: idSchema, name: z.string() });

export const pipelineDealSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    company_name: z.string(),
    pipeline_id: idSchema,
    pipeline: refSchema,
    stage_id: idSchema,
    stage: refSchema,
    /** order within its stage's column on the board, from 0 */
    position: z.number().int(),
    summary: z.string().nullable(),
    website: z.string().nullable(),
    industry_id: idSchema.nullable(),
    industry: refSchema.nullable(),
    investment_type_id: idSchema.nullable(),
    investment_type: refSchema.nullable(),
    /** money as a decimal string, "250000.00" */
    amount_sought: z.string().nullable(),
    pre_money_valuation: z.string().nullable(),
    source: z.string().nullable(),
    owner_id: idSchema.nullable(),
    owner: personRefSchema.nullable(),
    /** the opportunity it was turned into, once converted */
    opportunity_id: idSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'PipelineDeal' });
export type PipelineDeal = z.infer<typeof pipelineDealSchema>;

export const pipelineDealListSchema = paginatedSchema(pipelineDealSchema.partial());

/** Money typed by a person: "250000", "250,000.50" or "£250,000"; "" clears it. */
export const optionalMoneyInput = z
  .string()
  .trim()
  .transform((value) => value.replace(/[£,\s]/g, ''))
  .pipe(
    z.string().regex(new RegExp(`^(${MONEY_PATTERN.source.slice(1, -1)})?$`), {
      error: 'The :attribute field must be an amount in pounds, e.g. 250000 or 250000.50.',
    }),
  )
  .transform((value) => (value === '' ? null : value))
  .refine((value) => value === null || /[1-9]/.test(value), {
    error: 'The :attribute field must be more than zero, or left empty.',
  })
  .nullable()
  .optional();

const dealName = z.string().trim().min(1).max(200);
const reference = z.number().int().positive();

export const pipelineDealChangesShape = {
  name: dealName.optional(),
  company_name: dealName.optional(),
  summary: optionalText(5000),
  website: optionalWebsite,
  industry_id: reference.nullable().optional(),
  investment_type_id: reference.nullable().optional(),
  amount_sought: optionalMoneyInput,
  pre_money_valuation: optionalMoneyInput,
  source: optionalText(100),
  owner_id: reference.nullable().optional(),
  /** moves the deal: a stage of its pipeline, or of `pipeline_id` when that is given too */
  stage_id: reference.optional(),
  /** moves the deal to another pipeline: needs a `stage_id` of that pipeline */
  pipeline_id: reference.optional(),
  /** its place in the stage's column, from 0; at the end of a new column when absent */
  position: z.number().int().min(0).max(100_000).optional(),
};

export const updatePipelineDealInputSchema = z
  .object(pipelineDealChangesShape)
  .meta({ id: 'PipelineDealChanges' });
export type UpdatePipelineDealInput = z.input<typeof updatePipelineDealInputSchema>;

export const createPipelineDealInputSchema = z
  .object({
    ...pipelineDealChangesShape,
    name: dealName,
    company_name: dealName,
    pipeline_id: reference,
    /** the pipeline's first stage when absent */
    stage_id: reference.optional(),
  })
  .meta({ id: 'NewPipelineDeal' });
export type CreatePipelineDealInput = z.input<typeof createPipelineDealInputSchema>;

export const PIPELINE_DEAL_LIST_FIELDS = [
  'id',
  'name',
  'company_name',
  'pipeline_id',
  'pipeline',
  'stage_id',
  'stage',
  'position',
  'summary',
  'website',
  'industry_id',
  'industry',
  'investment_type_id',
  'investment_type',
  'amount_sought',
  'pre_money_valuation',
  'source',
  'owner_id',
  'owner',
  'opportunity_id',
  'created_at',
  'updated_at',
] as const;

export const pipelineDealsListQuery = defineListQuery({
  table: 'pipeline_deals',
  filters: {
    search: 'scope',
    pipeline_id: 'exact',
    stage_id: 'exact',
    industry_id: 'exact',
    owner_id: 'exact',
  },
  sorts: ['name', 'company_name', 'amount_sought', 'stage', 'position', 'created_at', 'updated_at'],
  defaultSort: ['-created_at'],
  includes: [],
  fields: PIPELINE_DEAL_LIST_FIELDS,
  appends: [],
});

/** The columns of the deals list and of its CSV and Excel exports, in order. */
export const PIPELINE_DEAL_COLUMNS = [
  { key: 'name', label: 'Deal', default: true },
  { key: 'company_name', label: 'Company', default: true },
  { key: 'pipeline', label: 'Pipeline', default: false },
  { key: 'stage', label: 'Stage', default: true },
  { key: 'amount_sought', label: 'Amount sought', default: true, money: true },
  { key: 'pre_money_valuation', label: 'Pre-money valuation', default: false, money: true },
  { key: 'industry', label: 'Industry', default: true },
  { key: 'investment_type', label: 'Type', default: false },
  { key: 'owner', label: 'Owner', default: true },
  { key: 'source', label: 'Source', default: false },
  { key: 'website', label: 'Website', default: false },
  { key: 'created_at', label: 'Added', default: true },
] as const satisfies ReadonlyArray<ListColumn<(typeof PIPELINE_DEAL_LIST_FIELDS)[number]>>;
export type PipelineDealColumnKey = (typeof PIPELINE_DEAL_COLUMNS)[number]['key'];

/** A figure that may be negative (a loss, a cash burn): "-12500.00". */
const SIGNED_MONEY = /^-?\d{1,12}(\.\d{1,2})?$/;
const signedMoneyInput = z
  .string()
  .trim()
  .transform((value) => value.replace(/[£,\s]/g, ''))
  .pipe(
    z.string().regex(new RegExp(`^(${SIGNED_MONEY.source.slice(1, -1)})?$`), {
      error: 'The :attribute field must be an amount in pounds, e.g. 125000 or -4200.50.',
    }),
  )
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/** A deal's reported figures for one period (deals/{id}/performance). */
export const dealPerformanceSchema = z
  .object({
    id: idSchema,
    pipeline_deal_id: idSchema,
    /** YYYY-MM-DD, the period's last day */
    period: z.string(),
    revenue: z.string().nullable(),
    gross_profit: z.string().nullable(),
    ebitda: z.string().nullable(),
    cash: z.string().nullable(),
    headcount: z.number().int().nullable(),
    notes: z.string().nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'DealPerformance' });
export type DealPerformance = z.infer<typeof dealPerformanceSchema>;

export const dealPerformanceChangesShape = {
  period: z.iso.date({ error: 'The :attribute field must be a date (YYYY-MM-DD).' }).optional(),
  revenue: signedMoneyInput,
  gross_profit: signedMoneyInput,
  ebitda: signedMoneyInput,
  cash: signedMoneyInput,
  headcount: z.number().int().min(0).max(10_000_000).nullable().optional(),
  notes: optionalText(2000),
};

export const updateDealPerformanceInputSchema = z
  .object(dealPerformanceChangesShape)
  .meta({ id: 'DealPerformanceChanges' });
export type UpdateDealPerformanceInput = z.input<typeof updateDealPerformanceInputSchema>;

export const createDealPerformanceInputSchema = z
  .object({
    ...dealPerformanceChangesShape,
    period: z.iso.date({ error: 'The :attribute field must be a date (YYYY-MM-DD).' }),
  })
  .meta({ id: 'NewDealPerformance' });
export type CreateDealPerformanceInput = z.input<typeof createDealPerformanceInputSchema>;

/** A deal's industry or type as its form picks one: any list of named entries (id and name). */
export const namedEntryListSchema = paginatedSchema(refSchema.passthrough());

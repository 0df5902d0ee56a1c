import { z } from 'zod';
import { defineListQuery, paginatedSchema } from '../list-query';
import { idSchema, timestampSchema } from '../schemas/common';
import { KPI_UNITS } from '../attributes/kpis';

/*
 * KPI reports and the reporting schedule (issue 19, spec §2.1 Reports, §3, §6 kpi, kpiPortfolio,
 * custom_kpis, kpi_report_types). DOMAIN.md "Reporting".
 *
 * - A report type is a named template of settings KPIs (ordered), optionally a sub-type of another.
 * - A custom KPI belongs to one existing investment (opportunity status 5 or 6).
 * - Each existing investment has reporting settings: a report type, a frequency, the days after a
 *   period's end its report is due, the first period it reports, and its Entrepreneur users who may
 *   submit.
 * - A KPI report is one company's values for one period. Periods are keyed `2026-M09` (month),
 *   `2026-Q3` (quarter) or `2026` (year); their start and end are London dates (YYYY-MM-DD).
 * - Values are append-only: a correction adds a value that replaces the earlier one, which is kept.
 *   Every value is a string: a decimal for currency, number and percentage units (never a float), free
 *   words for text.
 * - A period's state is computed from the schedule and today's London date: `not_yet_due` while the
 *   period runs, `due` from its end until its due date, `overdue` after, `received` once values are in.
 */

export const KPI_REPORT_FREQUENCIES = ['month', 'quarter', 'year'] as const;
export type KpiReportFrequency = (typeof KPI_REPORT_FREQUENCIES)[number];
export const KPI_REPORT_FREQUENCY_LABELS: Record<KpiReportFrequency, string> = {
  month: 'Monthly',
  quarter: 'Quarterly',
  year: 'Yearly',
};

/** A period key: `2026-M09`, `2026-Q3` or `2026`. */
export const KPI_PERIOD_PATTERN = /^(\d{4})(?:-M(0[1-9]|1[0-2])|-Q([1-4]))?$/;
const PERIOD_MESSAGE = 'The :attribute field must be a period such as 2026-M09, 2026-Q3 or 2026.';
export const kpiPeriodSchema = z
  .string({ error: PERIOD_MESSAGE })
  .trim()
  .toUpperCase()
  .regex(KPI_PERIOD_PATTERN, { error: PERIOD_MESSAGE });

/** Days after a period's end its report is due, when a company's settings do not say. */
export const DEFAULT_KPI_DUE_DAYS = 30;

/** A period's state on the schedule. */
export const KPI_PERIOD_STATES = ['received', 'due', 'overdue', 'not_yet_due'] as const;
export type KpiPeriodState = (typeof KPI_PERIOD_STATES)[number];
export const KPI_PERIOD_STATE_LABELS: Record<KpiPeriodState, string> = {
  received: 'Received',
  due: 'Due',
  overdue: 'Overdue',
  not_yet_due: 'Not yet due',
};

/**
 * A company's state on the schedule: `overdue` when any recent period is overdue, else `due` when any is
 * due, else `up_to_date`; `not_scheduled` when the company has no reporting frequency yet.
 */
export const KPI_SCHEDULE_STATES = ['overdue', 'due', 'up_to_date', 'not_scheduled'] as const;
export type KpiScheduleState = (typeof KPI_SCHEDULE_STATES)[number];
export const KPI_SCHEDULE_STATE_LABELS: Record<KpiScheduleState, string> = {
  overdue: 'Overdue',
  due: 'Due',
  up_to_date: 'Up to date',
  not_scheduled: 'Not scheduled',
};

const named = z.object({ id: idSchema, name: z.string() });
const person = z.object({ id: idSchema, name: z.string() });
const kpiName = z.string().trim().min(1).max(100);
const optionalDescription = z.string().trim().max(1000).nullable().optional();

// ---------------------------------------------------------------------------------------------------
// Report types (resource kpi_report_types): /api/kpi-report-types

export const kpiReportTypeInputKpiSchema = z.object({
  id: idSchema,
  name: z.string(),
  unit: z.enum(KPI_UNITS),
  category: named,
});

export const kpiReportTypeSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    description: z.string().nullable(),
    /** the type this is a sub-type of; null for a top-level type */
    parent_id: idSchema.nullable(),
    parent: named.nullable(),
    /** its inputs, in order */
    kpi_ids: z.array(idSchema),
    kpis: z.array(kpiReportTypeInputKpiSchema),
    /** existing investments using it */
    companies_count: z.number().int(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'KpiReportType' });
export type KpiReportType = z.infer<typeof kpiReportTypeSchema>;

/** POST /api/kpi-report-types */
export const kpiReportTypeInputSchema = z
  .object({
    name: kpiName,
    description: optionalDescription,
    parent_id: idSchema.nullable().optional(),
    /** settings KPIs, in the order the form shows them; no repeats */
    kpi_ids: z.array(idSchema).max(200),
  })
  .meta({ id: 'NewKpiReportType' });
export type KpiReportTypeInput = z.input<typeof kpiReportTypeInputSchema>;

/** PATCH /api/kpi-report-types/{id} */
export const kpiReportTypeChangesSchema = kpiReportTypeInputSchema
  .partial()
  .meta({ id: 'KpiReportTypeChanges' });
export type KpiReportTypeChanges = z.input<typeof kpiReportTypeChangesSchema>;

/** GET /api/kpi-report-types answers `{ data: KpiReportType[] }`, ordered by name (sub-types after their parent). */
export const kpiReportTypeListSchema = z.object({ data: z.array(kpiReportTypeSchema) });

// ---------------------------------------------------------------------------------------------------
// Custom KPIs (resource custom_kpis): /api/custom-kpis?filter[opportunity_id]=

export const customKpiSchema = z
  .object({
    id: idSchema,
    opportunity_id: idSchema,
    name: z.string(),
    unit: z.enum(KPI_UNITS),
    description: z.string().nullable(),
    kpi_category_id: idSchema.nullable(),
    category: named.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'CustomKpi' });
export type CustomKpi = z.infer<typeof customKpiSchema>;

/** POST /api/custom-kpis */
export const customKpiInputSchema = z
  .object({
    opportunity_id: idSchema,
    name: kpiName,
    unit: z.enum(KPI_UNITS, { error: 'The :attribute field must be currency, number, percentage or text.' }),
    description: optionalDescription,
    kpi_category_id: idSchema.nullable().optional(),
  })
  .meta({ id: 'NewCustomKpi' });
export type CustomKpiInput = z.input<typeof customKpiInputSchema>;

/** PATCH /api/custom-kpis/{id}: the company does not change; the unit cannot change once values exist. */
export const customKpiChangesSchema = customKpiInputSchema
  .omit({ opportunity_id: true })
  .partial()
  .meta({ id: 'CustomKpiChanges' });
export type CustomKpiChanges = z.input<typeof customKpiChangesSchema>;

/** GET /api/custom-kpis?filter[opportunity_id]=12 answers `{ data: CustomKpi[] }`. */
export const customKpiListSchema = z.object({ data: z.array(customKpiSchema) });

// ---------------------------------------------------------------------------------------------------
// A company's reporting settings: GET/PUT /api/kpi-reports/settings/{opportunityId}
// (show: kpi show; change: kpi update)

export const kpiEntrepreneurSchema = z.object({ id: idSchema, name: z.string(), email: z.string() });
export type KpiEntrepreneur = z.infer<typeof kpiEntrepreneurSchema>;

/** One input of a company's KPI report: a settings KPI of its report type, or one of its custom KPIs. */
export const kpiInputDefinitionSchema = z
  .object({
    /** `kpi:12` or `custom:4`, unique within the company */
    key: z.string(),
    kpi_id: idSchema.nullable(),
    custom_kpi_id: idSchema.nullable(),
    name: z.string(),
    unit: z.enum(KPI_UNITS),
    category: named.nullable(),
  })
  .meta({ id: 'KpiInputDefinition' });
export type KpiInputDefinition = z.infer<typeof kpiInputDefinitionSchema>;

export const kpiReportingSettingsSchema = z
  .object({
    opportunity_id: idSchema,
    opportunity: z.object({ id: idSchema, name: z.string(), company_name: z.string() }),
    report_type_id: idSchema.nullable(),
    report_type: named.nullable(),
    /** null until someone sets it: the company is then not on the schedule */
    frequency: z.enum(KPI_REPORT_FREQUENCIES).nullable(),
    due_days: z.number().int(),
    /** the first period the company reports (matches its frequency), or null */
    start_period: z.string().nullable(),
    /** the Entrepreneur users (role 2) who may submit its reports */
    entrepreneurs: z.array(kpiEntrepreneurSchema),
    /** every active Entrepreneur user, to choose from */
    available_entrepreneurs: z.array(kpiEntrepreneurSchema),
    /** the report type's KPIs in order, then the company's custom KPIs */
    inputs: z.array(kpiInputDefinitionSchema),
  })
  .meta({ id: 'KpiReportingSettings' });
export type KpiReportingSettings = z.infer<typeof kpiReportingSettingsSchema>;

export const kpiReportingSettingsInputSchema = z.object({
  report_type_id: idSchema.nullable(),
  frequency: z.enum(KPI_REPORT_FREQUENCIES, {
    error: 'The :attribute field must be month, quarter or year.',
  }),
  due_days: z.number().int().min(0).max(365).default(DEFAULT_KPI_DUE_DAYS),
  start_period: kpiPeriodSchema.nullable().optional(),
  entrepreneur_ids: z.array(idSchema).max(100).default([]),
});
// (no component id: its defaults make its input and output shapes differ)
export type KpiReportingSettingsInput = z.input<typeof kpiReportingSettingsInputSchema>;

// ---------------------------------------------------------------------------------------------------
// The schedule: GET /api/kpi-reports/schedule?filter[state]=overdue  (this is /admin/reports)
// Staff with kpi index see every existing investment; an Entrepreneur sees the companies linked to them.

export const kpiSchedulePeriodSchema = z
  .object({
    period: z.string(),
    /** "Q3 2026", "Sep 2026", "2026" */
    label: z.string(),
    start: z.string(),
    end: z.string(),
    due_on: z.string(),
    state: z.enum(KPI_PERIOD_STATES),
    report_id: idSchema.nullable(),
    /** London date of its first value */
    received_on: z.string().nullable(),
    /** days past the due date while overdue (else null) */
    days_overdue: z.number().int().nullable(),
    /** days until the due date while due or not yet due (else null) */
    days_until_due: z.number().int().nullable(),
  })
  .meta({ id: 'KpiSchedulePeriod' });
export type KpiSchedulePeriod = z.infer<typeof kpiSchedulePeriodSchema>;

export const kpiScheduleRowSchema = z
  .object({
    opportunity_id: idSchema,
    name: z.string(),
    company_name: z.string(),
    /** 5 Completed or 6 Matured */
    status: z.number().int(),
    frequency: z.enum(KPI_REPORT_FREQUENCIES).nullable(),
    due_days: z.number().int(),
    report_type: named.nullable(),
    state: z.enum(KPI_SCHEDULE_STATES),
    /** the period running today, then the recent ones, newest first (empty when not scheduled) */
    periods: z.array(kpiSchedulePeriodSchema),
    /** London date of the latest value received for any period, or null */
    last_reported_on: z.string().nullable(),
    /** whether the signed-in user may submit for it (staff with kpi create, or a linked Entrepreneur) */
    can_submit: z.boolean(),
  })
  .meta({ id: 'KpiScheduleRow' });
export type KpiScheduleRow = z.infer<typeof kpiScheduleRowSchema>;

export const kpiScheduleSchema = z
  .object({
    data: z.array(kpiScheduleRowSchema),
    /** counts of companies by state, over every row before the state filter */
    summary: z.object({
      overdue: z.number().int(),
      due: z.number().int(),
      up_to_date: z.number().int(),
      not_scheduled: z.number().int(),
    }),
    /** today's London date the states were computed on */
    today: z.string(),
  })
  .meta({ id: 'KpiSchedule' });
export type KpiSchedule = z.infer<typeof kpiScheduleSchema>;

/** filter[state] of the schedule: a company state (comma-separated for several). */
export const KPI_SCHEDULE_FILTERS = ['overdue', 'due', 'up_to_date', 'not_scheduled'] as const;

// ---------------------------------------------------------------------------------------------------
// Reports: /api/kpi-reports

export const kpiValueHistorySchema = z.object({
  id: idSchema,
  value: z.string(),
  entered_by: person.nullable(),
  entered_at: timestampSchema,
  /** when a later value replaced it */
  replaced_at: timestampSchema,
});

export const kpiReportValueSchema = z
  .object({
    /** the current value's id */
    id: idSchema,
    key: z.string(),
    kpi_id: idSchema.nullable(),
    custom_kpi_id: idSchema.nullable(),
    name: z.string(),
    unit: z.enum(KPI_UNITS),
    category: named.nullable(),
    value: z.string(),
    entered_by: person.nullable(),
    entered_at: timestampSchema,
    /** where it came from */
    source: z.enum(['form', 'import']),
    /** earlier values it replaced, newest first */
    history: z.array(kpiValueHistorySchema),
  })
  .meta({ id: 'KpiReportValue' });
export type KpiReportValue = z.infer<typeof kpiReportValueSchema>;

export const kpiReportSummarySchema = z
  .object({
    id: idSchema,
    opportunity_id: idSchema,
    opportunity: z.object({ id: idSchema, name: z.string(), company_name: z.string() }),
    period: z.string(),
    label: z.string(),
    frequency: z.enum(KPI_REPORT_FREQUENCIES),
    period_start: z.string(),
    period_end: z.string(),
    due_on: z.string(),
    status: z.literal('received'),
    /** when its first value came in, and by whom */
    received_at: timestampSchema,
    received_on: z.string(),
    submitted_by: person.nullable(),
    /** current values */
    values_count: z.number().int(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'KpiReportSummary' });
export type KpiReportSummary = z.infer<typeof kpiReportSummarySchema>;

/** GET /api/kpi-reports/{id} */
export const kpiReportSchema = kpiReportSummarySchema
  .extend({
    /** the current values, in the company's input order (inputs no longer on the form come last) */
    values: z.array(kpiReportValueSchema),
    /** the company's inputs, so a form can show the ones without a value */
    inputs: z.array(kpiInputDefinitionSchema),
  })
  .meta({ id: 'KpiReport' });
export type KpiReport = z.infer<typeof kpiReportSchema>;

/** GET /api/kpi-reports?filter[opportunity_id]=12&sort=-period (paginated) */
export const kpiReportListSchema = paginatedSchema(kpiReportSummarySchema);

export const kpiReportsListQuery = defineListQuery({
  table: 'kpi_reports',
  filters: { opportunity_id: 'exact', period: 'exact' },
  sorts: ['period', 'received_at', 'updated_at'],
  defaultSort: ['-period'],
  includes: [],
  fields: [],
  appends: [],
});

const VALUE_MESSAGE = 'The :attribute field must be a value.';
/** One value entered: exactly one of kpi_id and custom_kpi_id. */
export const kpiValueInputSchema = z
  .object({
    kpi_id: idSchema.nullable().optional(),
    custom_kpi_id: idSchema.nullable().optional(),
    /** a decimal string for currency/number/percentage (e.g. "125000.50", "-3", "12.5"); words for text */
    value: z.string({ error: VALUE_MESSAGE }).trim().min(1, { error: VALUE_MESSAGE }).max(1000),
  })
  .refine((item) => (item.kpi_id == null) !== (item.custom_kpi_id == null), {
    error: 'Give exactly one of kpi_id and custom_kpi_id.',
    path: ['kpi_id'],
  });
export type KpiValueInput = z.input<typeof kpiValueInputSchema>;

/**
 * POST /api/kpi-reports: creates the period's report, or adds to it (a value for an input that already
 * has one corrects it). Answers 201 `{ data: KpiReport }`. The period must match the company's frequency
 * and not be in the future (its start on or before today); values must be inputs of the company.
 * Errors are 422 with field errors keyed `values.0.value`, `period`, ...
 */
export const kpiReportCreateSchema = z
  .object({
    opportunity_id: idSchema,
    period: kpiPeriodSchema,
    values: z.array(kpiValueInputSchema).min(1).max(500),
  })
  .meta({ id: 'NewKpiReport' });
export type KpiReportCreate = z.input<typeof kpiReportCreateSchema>;

/** POST /api/kpi-reports/{id}/values: corrects or adds values; the replaced ones are kept. 200 `{ data: KpiReport }`. */
export const kpiReportValuesSchema = z
  .object({ values: z.array(kpiValueInputSchema).min(1).max(500) })
  .meta({ id: 'KpiReportValues' });
export type KpiReportValues = z.input<typeof kpiReportValuesSchema>;

/**
 * GET /api/kpi-reports/form/{opportunityId}?period=2026-Q3: what a submit form needs (staff with kpi
 * create, or a linked Entrepreneur): the inputs, the periods one may report (the running one and earlier
 * back to the start period, newest first, at most 12), and the chosen period's report if any.
 */
export const kpiReportFormSchema = z
  .object({
    opportunity: z.object({ id: idSchema, name: z.string(), company_name: z.string() }),
    frequency: z.enum(KPI_REPORT_FREQUENCIES).nullable(),
    inputs: z.array(kpiInputDefinitionSchema),
    periods: z.array(kpiSchedulePeriodSchema),
    period: z.string().nullable(),
    report: kpiReportSchema.nullable(),
  })
  .meta({ id: 'KpiReportForm' });
export type KpiReportForm = z.infer<typeof kpiReportFormSchema>;

// ---------------------------------------------------------------------------------------------------
// Import: multipart POST with `file` (CSV or .xlsx: columns "KPI" (name) and "Value", a header row),
// `opportunity_id` and `period`.
//   POST /api/kpi-reports/import/preview → 200 `{ data: KpiImportPreview }` (nothing stored)
//   POST /api/kpi-reports/import/commit  → 201 `{ data: KpiReport }`, or 422 with the preview's errors

export const kpiImportRowSchema = z.object({
  /** the row number in the file (the header is row 1) */
  row: z.number().int(),
  name: z.string(),
  value: z.string(),
  kpi_id: idSchema.nullable(),
  custom_kpi_id: idSchema.nullable(),
  unit: z.enum(KPI_UNITS).nullable(),
  /** what is wrong with the row (unknown KPI name, a bad number, a repeat); empty when it is fine */
  errors: z.array(z.string()),
  /** the value it would replace, when the period already has one */
  current_value: z.string().nullable(),
});
export type KpiImportRow = z.infer<typeof kpiImportRowSchema>;

export const kpiImportPreviewSchema = z
  .object({
    opportunity_id: idSchema,
    period: z.string(),
    rows: z.array(kpiImportRowSchema),
    valid_count: z.number().int(),
    error_count: z.number().int(),
    /** errors about the whole file (no rows, missing columns, period not allowed) */
    errors: z.array(z.string()),
  })
  .meta({ id: 'KpiImportPreview' });
export type KpiImportPreview = z.infer<typeof kpiImportPreviewSchema>;

// ---------------------------------------------------------------------------------------------------
// KPI portfolio (resource kpiPortfolio): GET /api/kpi-portfolio
//   ?filter[kpi_category_id]=&filter[industry_id]=&filter[investment_type_id]=
// Export: GET /api/kpi-portfolio/export?format=xlsx|csv with the same filters.

export const kpiTrendPointSchema = z.object({ period: z.string(), label: z.string(), value: z.string() });
export type KpiTrendPoint = z.infer<typeof kpiTrendPointSchema>;

export const kpiPortfolioCellSchema = z
  .object({
    key: z.string(),
    kpi_id: idSchema.nullable(),
    custom_kpi_id: idSchema.nullable(),
    name: z.string(),
    unit: z.enum(KPI_UNITS),
    latest: kpiTrendPointSchema.nullable(),
    previous: kpiTrendPointSchema.nullable(),
    /** latest − previous (numeric units only; null otherwise or without both) */
    change: z.string().nullable(),
    /** (latest − previous) ÷ |previous| as a fraction, 6 decimals ("0.125000" is +12.5%); null when previous is 0 */
    change_rate: z.string().nullable(),
    /** the last 8 reported periods, oldest first (numeric units only) */
    trend: z.array(kpiTrendPointSchema),
  })
  .meta({ id: 'KpiPortfolioCell' });
export type KpiPortfolioCell = z.infer<typeof kpiPortfolioCellSchema>;

export const kpiPortfolioRowSchema = z
  .object({
    opportunity_id: idSchema,
    name: z.string(),
    company_name: z.string(),
    currency: z.string(),
    industry: named.nullable(),
    investment_type: named.nullable(),
    frequency: z.enum(KPI_REPORT_FREQUENCIES).nullable(),
    last_reported_on: z.string().nullable(),
    latest_period: z.string().nullable(),
    /** every KPI the company has a value for (settings KPIs in settings order, then custom KPIs) */
    kpis: z.array(kpiPortfolioCellSchema),
  })
  .meta({ id: 'KpiPortfolioRow' });
export type KpiPortfolioRow = z.infer<typeof kpiPortfolioRowSchema>;

export const kpiPortfolioSchema = z
  .object({
    data: z.array(kpiPortfolioRowSchema),
    /** the settings KPIs that appear in any row, in settings order: the table's columns */
    columns: z.array(kpiReportTypeInputKpiSchema),
  })
  .meta({ id: 'KpiPortfolio' });
export type KpiPortfolio = z.infer<typeof kpiPortfolioSchema>;

// ---------------------------------------------------------------------------------------------------
// Investor: GET /api/portfolio/{opportunityId}/kpis (404 unless they hold or held it)

export const investorKpiSeriesSchema = z
  .object({
    key: z.string(),
    kpi_id: idSchema.nullable(),
    custom_kpi_id: idSchema.nullable(),
    name: z.string(),
    unit: z.enum(KPI_UNITS),
    category: named.nullable(),
    /** oldest first */
    points: z.array(kpiTrendPointSchema.extend({ period_end: z.string() })),
  })
  .meta({ id: 'InvestorKpiSeries' });
export type InvestorKpiSeries = z.infer<typeof investorKpiSeriesSchema>;

export const investorKpisSchema = z
  .object({
    opportunity_id: idSchema,
    name: z.string(),
    company_name: z.string(),
    currency: z.string(),
    frequency: z.enum(KPI_REPORT_FREQUENCIES).nullable(),
    last_reported_on: z.string().nullable(),
    series: z.array(investorKpiSeriesSchema),
  })
  .meta({ id: 'InvestorKpis' });
export type InvestorKpis = z.infer<typeof investorKpisSchema>;

// ---------------------------------------------------------------------------------------------------
// Period arithmetic, shared by the server and the web.

export interface KpiPeriod {
  key: string;
  frequency: KpiReportFrequency;
  year: number;
  /** month 1-12, quarter 1-4, or 1 for a year */
  index: number;
  /** YYYY-MM-DD */
  start: string;
  end: string;
  label: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function build(frequency: KpiReportFrequency, year: number, index: number): KpiPeriod {
  if (frequency === 'month') {
    return {
      key: `${year}-M${pad(index)}`,
      frequency,
      year,
      index,
      start: `${year}-${pad(index)}-01`,
      end: `${year}-${pad(index)}-${pad(lastDay(year, index))}`,
      label: `${MONTHS[index - 1]} ${year}`,
    };
  }
  if (frequency === 'quarter') {
    const first = (index - 1) * 3 + 1;
    const last = first + 2;
    return {
      key: `${year}-Q${index}`,
      frequency,
      year,
      index,
      start: `${year}-${pad(first)}-01`,
      end: `${year}-${pad(last)}-${pad(lastDay(year, last))}`,
      label: `Q${index} ${year}`,
    };
  }
  return {
    key: `${year}`,
    frequency,
    year,
    index: 1,
    start: `${year}-01-01`,
    end: `${year}-12-31`,
    label: `${year}`,
  };
}

/** Parses a period key; null when it is not one. */
export function parseKpiPeriod(key: string): KpiPeriod | null {
  const match = KPI_PERIOD_PATTERN.exec(key.trim().toUpperCase());
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 1900 || year > 2999) return null;
  if (match[2]) return build('month', year, Number(match[2]));
  if (match[3]) return build('quarter', year, Number(match[3]));
  return build('year', year, 1);
}

/** The period of a frequency that contains a date (YYYY-MM-DD). */
export function kpiPeriodContaining(frequency: KpiReportFrequency, date: string): KpiPeriod {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  if (frequency === 'month') return build('month', year, month);
  if (frequency === 'quarter') return build('quarter', year, Math.floor((month - 1) / 3) + 1);
  return build('year', year, 1);
}

/** The period `steps` before (negative) or after (positive) another of the same frequency. */
export function shiftKpiPeriod(period: KpiPeriod, steps: number): KpiPeriod {
  const perYear = period.frequency === 'month' ? 12 : period.frequency === 'quarter' ? 4 : 1;
  const ordinal = period.year * perYear + (period.index - 1) + steps;
  return build(period.frequency, Math.floor(ordinal / perYear), (ordinal % perYear) + 1);
}

/** The day a period's report is due: its end plus `dueDays` days. */
export function kpiPeriodDueOn(period: KpiPeriod, dueDays: number): string {
  const end = new Date(`${period.end}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + dueDays);
  return end.toISOString().slice(0, 10);
}

/** Label of a period key ("Q3 2026"); the key itself when it does not parse. */
export function kpiPeriodLabel(key: string): string {
  return parseKpiPeriod(key)?.label ?? key;
}

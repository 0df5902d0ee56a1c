import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { KPI_REPORT_FREQUENCIES, KPI_UNITS } from '@portico/contracts';
import { id, inList, reference, timestamps, timestamptz } from './columns';
import { users } from './users';
import { opportunities } from './investments';
import { kpiCategories, kpis } from './attributes';

/*
 * KPI reports and the reporting schedule (issue 19, decision 023, migration 0029). A trigger keeps
 * kpi_values append-only (see the migration).
 */

export const KPI_VALUE_SOURCES = ['form', 'import'] as const;
export const KPI_REMINDER_KINDS = ['before_due', 'overdue', 'staff_summary'] as const;

/** A named template of settings KPIs; a sub-type names its parent. */
export const kpiReportTypes = pgTable(
  'kpi_report_types',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    parent_id: reference('parent_id').references((): AnyPgColumn => kpiReportTypes.id, {
      onDelete: 'restrict',
    }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('kpi_report_types_name_unique').on(sql`lower(${table.name})`),
    check(
      'kpi_report_types_not_own_parent',
      sql`${table.parent_id} is null or ${table.parent_id} <> ${table.id}`,
    ),
  ],
);

/** A report type's inputs, in order. */
export const kpiReportTypeKpis = pgTable(
  'kpi_report_type_kpis',
  {
    report_type_id: reference('report_type_id')
      .notNull()
      .references(() => kpiReportTypes.id, { onDelete: 'cascade' }),
    kpi_id: reference('kpi_id')
      .notNull()
      .references(() => kpis.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'kpi_report_type_kpis_pk', columns: [table.report_type_id, table.kpi_id] }),
    index('kpi_report_type_kpis_kpi_index').on(table.kpi_id),
  ],
);

/** A KPI only one existing investment reports. */
export const customKpis = pgTable(
  'custom_kpis',
  {
    id: id(),
    opportunity_id: reference('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    unit: text('unit', { enum: KPI_UNITS }).notNull(),
    description: text('description'),
    kpi_category_id: reference('kpi_category_id').references(() => kpiCategories.id, {
      onDelete: 'set null',
    }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('custom_kpis_name_unique').on(table.opportunity_id, sql`lower(${table.name})`),
    check('custom_kpis_unit_known', sql`${table.unit} in (${inList(KPI_UNITS)})`),
  ],
);

/** An existing investment's reporting: its report type, frequency and days to report after a period. */
export const kpiReportingSettings = pgTable(
  'kpi_reporting_settings',
  {
    opportunity_id: reference('opportunity_id')
      .primaryKey()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    report_type_id: reference('report_type_id').references(() => kpiReportTypes.id, { onDelete: 'set null' }),
    frequency: text('frequency', { enum: KPI_REPORT_FREQUENCIES }).notNull(),
    due_days: integer('due_days').notNull().default(30),
    start_period: text('start_period'),
    ...timestamps(),
  },
  (table) => [
    index('kpi_reporting_settings_report_type_index').on(table.report_type_id),
    check(
      'kpi_reporting_settings_frequency_known',
      sql`${table.frequency} in (${inList(KPI_REPORT_FREQUENCIES)})`,
    ),
    check('kpi_reporting_settings_due_days_range', sql`${table.due_days} between 0 and 365`),
  ],
);

/** The Entrepreneur users who may submit an existing investment's KPI reports. */
export const kpiReportSubmitters = pgTable(
  'kpi_report_submitters',
  {
    opportunity_id: reference('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'kpi_report_submitters_pk', columns: [table.opportunity_id, table.user_id] }),
    index('kpi_report_submitters_user_index').on(table.user_id),
  ],
);

/** One company's KPI values for one period. */
export const kpiReports = pgTable(
  'kpi_reports',
  {
    id: id(),
    opportunity_id: reference('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'restrict' }),
    period: text('period').notNull(),
    frequency: text('frequency', { enum: KPI_REPORT_FREQUENCIES }).notNull(),
    period_start: date('period_start', { mode: 'string' }).notNull(),
    period_end: date('period_end', { mode: 'string' }).notNull(),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('kpi_reports_period_unique').on(table.opportunity_id, table.period),
    check('kpi_reports_frequency_known', sql`${table.frequency} in (${inList(KPI_REPORT_FREQUENCIES)})`),
    check('kpi_reports_period_dates', sql`${table.period_start} <= ${table.period_end}`),
  ],
);

/** A value entered; a correction is a new row naming the one it replaces (append-only, by trigger). */
export const kpiValues = pgTable(
  'kpi_values',
  {
    id: id(),
    kpi_report_id: reference('kpi_report_id')
      .notNull()
      .references(() => kpiReports.id, { onDelete: 'restrict' }),
    kpi_id: reference('kpi_id').references(() => kpis.id, { onDelete: 'restrict' }),
    custom_kpi_id: reference('custom_kpi_id').references(() => customKpis.id, { onDelete: 'restrict' }),
    /** the number, for currency, number and percentage KPIs */
    value: numeric('value'),
    /** the words, for text KPIs */
    value_text: text('value_text'),
    source: text('source', { enum: KPI_VALUE_SOURCES }).notNull().default('form'),
    replaces_id: reference('replaces_id').references((): AnyPgColumn => kpiValues.id, {
      onDelete: 'restrict',
    }),
    entered_by: reference('entered_by').references(() => users.id, { onDelete: 'set null' }),
    entered_at: timestamptz('entered_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('kpi_values_first_kpi_unique')
      .on(table.kpi_report_id, table.kpi_id)
      .where(sql`${table.replaces_id} is null and ${table.kpi_id} is not null`),
    uniqueIndex('kpi_values_first_custom_unique')
      .on(table.kpi_report_id, table.custom_kpi_id)
      .where(sql`${table.replaces_id} is null and ${table.custom_kpi_id} is not null`),
    uniqueIndex('kpi_values_replaces_unique').on(table.replaces_id),
    index('kpi_values_kpi_index').on(table.kpi_id),
    index('kpi_values_custom_kpi_index').on(table.custom_kpi_id),
    check('kpi_values_one_input', sql`(${table.kpi_id} is null) <> (${table.custom_kpi_id} is null)`),
    check('kpi_values_one_value', sql`(${table.value} is null) <> (${table.value_text} is null)`),
    check('kpi_values_source_known', sql`${table.source} in (${inList(KPI_VALUE_SOURCES)})`),
  ],
);

/** Reminders sent, one per key (`before_due:12:2026-Q3`, `overdue:12:2026-Q3`, `staff_summary:2026-11-27`). */
export const kpiReportReminders = pgTable(
  'kpi_report_reminders',
  {
    id: id(),
    key: text('key').notNull(),
    kind: text('kind', { enum: KPI_REMINDER_KINDS }).notNull(),
    opportunity_id: reference('opportunity_id').references(() => opportunities.id, { onDelete: 'cascade' }),
    period: text('period'),
    recipients: integer('recipients').notNull().default(0),
    sent_at: timestamptz('sent_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('kpi_report_reminders_key_unique').on(table.key),
    check('kpi_report_reminders_kind_known', sql`${table.kind} in (${inList(KPI_REMINDER_KINDS)})`),
  ],
);

export type KpiReportTypeRow = typeof kpiReportTypes.$inferSelect;
export type CustomKpiRow = typeof customKpis.$inferSelect;
export type KpiReportRow = typeof kpiReports.$inferSelect;
export type KpiValueRow = typeof kpiValues.$inferSelect;

import {
  can,
  DEFAULT_KPI_DUE_DAYS,
  kpiPeriodDueOn,
  kpiPeriodLabel,
  kpiReportsListQuery,
  parseKpiPeriod,
  parseListQuery,
  ROLES,
  type Action,
  type KpiImportPreview,
  type KpiImportRow,
  type KpiInputDefinition,
  type KpiReport,
  type KpiReportForm,
  type KpiReportFrequency,
  type KpiReportingSettings,
  type KpiReportSummary,
  type KpiReportValue,
  type KpiSchedule,
  type KpiScheduleRow,
  type KpiScheduleState,
  type kpiReportCreateSchema,
  type kpiReportingSettingsInputSchema,
  type kpiReportValuesSchema,
  type KpiUnit,
} from '@portico/contracts';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  customKpis,
  kpiCategories,
  kpiReportingSettings,
  kpiReports,
  kpiReportSubmitters,
  kpiReportTypeKpis,
  kpiReportTypes,
  kpis,
  kpiValues,
  opportunities,
  users,
  type KpiValueRow,
  type UserRow,
} from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, HttpError, notFound, validationError } from '../../platform/http/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import { paginate } from '../../platform/list-query/paginator';
import { londonDate, toApiTimestamp } from '../../platform/time';
import { readImportFile } from '../imports/import-file';
import { normaliseValue, periodProblem, recentPeriods, schedulePeriod } from './kpi-rules';

type SettingsInput = z.output<typeof kpiReportingSettingsInputSchema>;
type CreateInput = z.output<typeof kpiReportCreateSchema>;
type ValuesInput = z.output<typeof kpiReportValuesSchema>;
type ValueInput = CreateInput['values'][number];

export const NO_COMPANY = 'No existing investment with that id.';
const NO_REPORT = 'No KPI report with that id.';
/** A company without settings is not on the schedule, but its KPIs can still be entered by quarter. */
export const FALLBACK_FREQUENCY: KpiReportFrequency = 'quarter';

export interface Company {
  id: number;
  name: string;
  company_name: string;
  status: number;
  currency: string;
  industry_id: number | null;
  investment_type_id: number | null;
}

export interface CompanySettings {
  report_type_id: number | null;
  report_type_name: string | null;
  frequency: KpiReportFrequency | null;
  due_days: number;
  start_period: string | null;
}

const companyColumns = {
  id: opportunities.id,
  name: opportunities.name,
  company_name: opportunities.company_name,
  status: opportunities.status,
  currency: opportunities.currency,
  industry_id: opportunities.industry_id,
  investment_type_id: opportunities.investment_type_id,
};

/** Existing investments: completed (5) and matured (6) opportunities. */
export const isExisting = sql`${opportunities.status} in (5, 6)`;

const keyOf = (input: { kpi_id: number | null; custom_kpi_id: number | null }) =>
  input.kpi_id !== null ? `kpi:${input.kpi_id}` : `custom:${input.custom_kpi_id}`;

/** The text of a stored value. */
const valueText = (row: Pick<KpiValueRow, 'value' | 'value_text'>) =>
  row.value_text ?? (row.value === null ? '' : plainDecimal(row.value));

/** "125000.500000" → "125000.5" (the column keeps the scale it was given; the wire shows the plain decimal). */
function plainDecimal(value: string) {
  if (!value.includes('.')) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}

/** The values of one report in chains: the current one of each input and the ones it replaced. */
function currentValues(rows: KpiValueRow[]) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const replaced = new Set(rows.flatMap((row) => (row.replaces_id === null ? [] : [row.replaces_id])));
  return rows
    .filter((row) => !replaced.has(row.id))
    .map((current) => {
      const history: KpiValueRow[] = [];
      let link = current.replaces_id === null ? undefined : byId.get(current.replaces_id);
      while (link) {
        history.push(link);
        link = link.replaces_id === null ? undefined : byId.get(link.replaces_id);
      }
      return { current, history };
    });
}

export function createKpiReportsService(ctx: AppContext) {
  const { db } = ctx;

  async function company(tx: DbOrTx, id: number): Promise<Company> {
    const [row] = await tx
      .select(companyColumns)
      .from(opportunities)
      .where(and(eq(opportunities.id, id), isExisting));
    if (!row) throw notFound(NO_COMPANY);
    return { ...row, status: Number(row.status) };
  }

  async function linkedCompanyIds(tx: DbOrTx, userId: number): Promise<number[]> {
    const rows = await tx
      .select({ id: kpiReportSubmitters.opportunity_id })
      .from(kpiReportSubmitters)
      .where(eq(kpiReportSubmitters.user_id, userId));
    return rows.map((row) => row.id);
  }

  /**
   * Whether this user may act on this company's reports: staff with `kpi.{action}`, or an Entrepreneur
   * linked to it. Anyone else is told the company does not exist (404), as the route rule already
   * refused roles that may never act.
   */
  async function authorise(tx: DbOrTx, user: UserRow, opportunityId: number, action: Action) {
    const found = await company(tx, opportunityId);
    if (can(user.role_id, 'kpi', action)) return found;
    if (user.role_id === ROLES.ENTREPRENEUR) {
      const [link] = await tx
        .select({ id: kpiReportSubmitters.user_id })
        .from(kpiReportSubmitters)
        .where(
          and(
            eq(kpiReportSubmitters.opportunity_id, opportunityId),
            eq(kpiReportSubmitters.user_id, user.id),
          ),
        );
      if (link) return found;
    }
    throw notFound(NO_COMPANY);
  }

  async function settingsOf(tx: DbOrTx, opportunityId: number): Promise<CompanySettings> {
    const [row] = await tx
      .select({
        report_type_id: kpiReportingSettings.report_type_id,
        report_type_name: kpiReportTypes.name,
        frequency: kpiReportingSettings.frequency,
        due_days: kpiReportingSettings.due_days,
        start_period: kpiReportingSettings.start_period,
      })
      .from(kpiReportingSettings)
      .leftJoin(kpiReportTypes, eq(kpiReportTypes.id, kpiReportingSettings.report_type_id))
      .where(eq(kpiReportingSettings.opportunity_id, opportunityId));
    return (
      row ?? {
        report_type_id: null,
        report_type_name: null,
        frequency: null,
        due_days: DEFAULT_KPI_DUE_DAYS,
        start_period: null,
      }
    );
  }

  /** A report type's KPIs: its parent's first (a sub-type adds to its parent), each once, in order. */
  async function typeKpiIds(tx: DbOrTx, reportTypeId: number): Promise<number[]> {
    const chain: number[] = [];
    let next: number | null = reportTypeId;
    while (next !== null && !chain.includes(next)) {
      chain.unshift(next);
      const [row] = await tx
        .select({ parent_id: kpiReportTypes.parent_id })
        .from(kpiReportTypes)
        .where(eq(kpiReportTypes.id, next));
      next = row?.parent_id ?? null;
    }
    const ids: number[] = [];
    for (const typeId of chain) {
      const rows = await tx
        .select({ kpi_id: kpiReportTypeKpis.kpi_id })
        .from(kpiReportTypeKpis)
        .where(eq(kpiReportTypeKpis.report_type_id, typeId))
        .orderBy(asc(kpiReportTypeKpis.position), asc(kpiReportTypeKpis.kpi_id));
      for (const row of rows) if (!ids.includes(row.kpi_id)) ids.push(row.kpi_id);
    }
    return ids;
  }

  /**
   * A company's inputs: its report type's KPIs (every settings KPI when it has no type), then its custom
   * KPIs.
   */
  async function inputsOf(tx: DbOrTx, opportunityId: number, settings?: CompanySettings) {
    const { report_type_id } = settings ?? (await settingsOf(tx, opportunityId));
    const all = await tx
      .select({
        id: kpis.id,
        name: kpis.name,
        unit: kpis.unit,
        category: { id: kpiCategories.id, name: kpiCategories.name },
      })
      .from(kpis)
      .innerJoin(kpiCategories, eq(kpiCategories.id, kpis.kpi_category_id))
      .orderBy(asc(kpiCategories.position), asc(kpis.position), asc(kpis.id));
    let chosen = all;
    if (report_type_id !== null) {
      const ids = await typeKpiIds(tx, report_type_id);
      const byId = new Map(all.map((kpi) => [kpi.id, kpi]));
      chosen = ids.flatMap((id) => {
        const kpi = byId.get(id);
        return kpi ? [kpi] : [];
      });
    }
    const custom = await tx
      .select({
        id: customKpis.id,
        name: customKpis.name,
        unit: customKpis.unit,
        category_id: kpiCategories.id,
        category_name: kpiCategories.name,
      })
      .from(customKpis)
      .leftJoin(kpiCategories, eq(kpiCategories.id, customKpis.kpi_category_id))
      .where(eq(customKpis.opportunity_id, opportunityId))
      .orderBy(asc(customKpis.name), asc(customKpis.id));
    const inputs: KpiInputDefinition[] = [
      ...chosen.map((kpi) => ({
        key: `kpi:${kpi.id}`,
        kpi_id: kpi.id,
        custom_kpi_id: null,
        name: kpi.name,
        unit: kpi.unit,
        category: kpi.category,
      })),
      ...custom.map((kpi) => ({
        key: `custom:${kpi.id}`,
        kpi_id: null,
        custom_kpi_id: kpi.id,
        name: kpi.name,
        unit: kpi.unit,
        category:
          kpi.category_id === null || kpi.category_name === null
            ? null
            : { id: kpi.category_id, name: kpi.category_name },
      })),
    ];
    return inputs;
  }

  /** Every settings KPI and this company's custom KPIs by key: a value once entered stays readable. */
  async function definitionsOf(tx: DbOrTx, opportunityId: number, inputs: KpiInputDefinition[]) {
    const map = new Map(inputs.map((input) => [input.key, input]));
    const all = await tx
      .select({
        id: kpis.id,
        name: kpis.name,
        unit: kpis.unit,
        category: { id: kpiCategories.id, name: kpiCategories.name },
      })
      .from(kpis)
      .innerJoin(kpiCategories, eq(kpiCategories.id, kpis.kpi_category_id));
    for (const kpi of all)
      if (!map.has(`kpi:${kpi.id}`))
        map.set(`kpi:${kpi.id}`, {
          key: `kpi:${kpi.id}`,
          kpi_id: kpi.id,
          custom_kpi_id: null,
          name: kpi.name,
          unit: kpi.unit,
          category: kpi.category,
        });
    void opportunityId;
    return map;
  }

  const userNames = async (tx: DbOrTx, ids: number[]) => {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map<number, string>();
    const rows = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, unique));
    return new Map(rows.map((row) => [row.id, row.name]));
  };

  /** Reports with their first value's time and count of current values, for lists. */
  async function summaries(tx: DbOrTx, reportIds: number[]): Promise<Map<number, KpiReportSummary>> {
    if (reportIds.length === 0) return new Map();
    const rows = await tx
      .select({
        report: kpiReports,
        opportunity: {
          id: opportunities.id,
          name: opportunities.name,
          company_name: opportunities.company_name,
        },
      })
      .from(kpiReports)
      .innerJoin(opportunities, eq(opportunities.id, kpiReports.opportunity_id))
      .where(inArray(kpiReports.id, reportIds));
    const stats = await tx
      .select({
        report_id: kpiValues.kpi_report_id,
        first_at: sql<Date>`min(${kpiValues.entered_at})`.mapWith((value: string | Date) => new Date(value)),
        current: sql<number>`count(*) filter (where not exists (
          select 1 from kpi_values n where n.replaces_id = ${kpiValues.id}))`.mapWith(Number),
      })
      .from(kpiValues)
      .where(inArray(kpiValues.kpi_report_id, reportIds))
      .groupBy(kpiValues.kpi_report_id);
    const byReport = new Map(stats.map((row) => [row.report_id, row]));
    const settings = new Map<number, CompanySettings>();
    for (const { report } of rows)
      if (!settings.has(report.opportunity_id))
        settings.set(report.opportunity_id, await settingsOf(tx, report.opportunity_id));
    const names = await userNames(
      tx,
      rows.flatMap(({ report }) => (report.created_by === null ? [] : [report.created_by])),
    );
    return new Map(
      rows.map(({ report, opportunity }) => {
        const period = parseKpiPeriod(report.period);
        const dueDays = settings.get(report.opportunity_id)?.due_days ?? DEFAULT_KPI_DUE_DAYS;
        const stat = byReport.get(report.id);
        const receivedAt = stat?.first_at ?? report.created_at;
        const summary: KpiReportSummary = {
          id: report.id,
          opportunity_id: report.opportunity_id,
          opportunity,
          period: report.period,
          label: kpiPeriodLabel(report.period),
          frequency: report.frequency,
          period_start: report.period_start,
          period_end: report.period_end,
          due_on: period ? kpiPeriodDueOn(period, dueDays) : report.period_end,
          status: 'received',
          received_at: toApiTimestamp(receivedAt),
          received_on: londonDate(receivedAt),
          submitted_by:
            report.created_by === null
              ? null
              : { id: report.created_by, name: names.get(report.created_by) ?? 'Unknown' },
          values_count: stat?.current ?? 0,
          created_at: toApiTimestamp(report.created_at),
          updated_at: toApiTimestamp(report.updated_at),
        };
        return [report.id, summary];
      }),
    );
  }

  async function fullReport(tx: DbOrTx, reportId: number): Promise<KpiReport> {
    const summary = (await summaries(tx, [reportId])).get(reportId);
    if (!summary) throw notFound(NO_REPORT);
    const inputs = await inputsOf(tx, summary.opportunity_id);
    const definitions = await definitionsOf(tx, summary.opportunity_id, inputs);
    const rows = await tx
      .select()
      .from(kpiValues)
      .where(eq(kpiValues.kpi_report_id, reportId))
      .orderBy(asc(kpiValues.id));
    // custom KPIs of the company are among the inputs; a value names only those
    const chains = currentValues(rows);
    const names = await userNames(
      tx,
      rows.flatMap((row) => (row.entered_by === null ? [] : [row.entered_by])),
    );
    const person = (id: number | null) => (id === null ? null : { id, name: names.get(id) ?? 'Unknown' });
    const order = new Map(inputs.map((input, index) => [input.key, index]));
    const values: KpiReportValue[] = chains
      .map(({ current, history }) => {
        const key = keyOf(current);
        const definition = definitions.get(key);
        // each replaced value was replaced when its successor was entered
        const successors = [current, ...history];
        return {
          id: current.id,
          key,
          kpi_id: current.kpi_id,
          custom_kpi_id: current.custom_kpi_id,
          name: definition?.name ?? 'Removed KPI',
          unit: definition?.unit ?? 'text',
          category: definition?.category ?? null,
          value: valueText(current),
          entered_by: person(current.entered_by),
          entered_at: toApiTimestamp(current.entered_at),
          source: current.source,
          history: history.map((old, index) => ({
            id: old.id,
            value: valueText(old),
            entered_by: person(old.entered_by),
            entered_at: toApiTimestamp(old.entered_at),
            replaced_at: toApiTimestamp((successors[index] as KpiValueRow).entered_at),
          })),
        };
      })
      .sort((a, b) => (order.get(a.key) ?? 1e9) - (order.get(b.key) ?? 1e9) || a.id - b.id);
    return { ...summary, values, inputs };
  }

  /** The values checked against the company's inputs and units: field errors keyed `values.{i}.…`. */
  function checkValues(inputs: KpiInputDefinition[], values: ValueInput[]) {
    const byKey = new Map(inputs.map((input) => [input.key, input]));
    const errors: Record<string, string[]> = {};
    const seen = new Set<string>();
    const checked: Array<{
      key: string;
      kpi_id: number | null;
      custom_kpi_id: number | null;
      unit: KpiUnit;
      value: string;
    }> = [];
    values.forEach((item, index) => {
      const key = keyOf({ kpi_id: item.kpi_id ?? null, custom_kpi_id: item.custom_kpi_id ?? null });
      const input = byKey.get(key);
      const field = item.kpi_id != null ? 'kpi_id' : 'custom_kpi_id';
      if (!input) {
        errors[`values.${index}.${field}`] = ['This KPI is not one this company reports.'];
        return;
      }
      if (seen.has(key)) {
        errors[`values.${index}.${field}`] = ['This KPI is given twice.'];
        return;
      }
      seen.add(key);
      const normal = normaliseValue(input.unit, item.value);
      if ('problem' in normal) {
        errors[`values.${index}.value`] = [normal.problem];
        return;
      }
      checked.push({
        key,
        kpi_id: input.kpi_id,
        custom_kpi_id: input.custom_kpi_id,
        unit: input.unit,
        value: normal.value,
      });
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);
    return checked;
  }

  /** Appends values to a report: a value for an input that has one replaces it (kept in the history). */
  async function appendValues(
    tx: DbOrTx,
    actor: Actor,
    reportId: number,
    checked: ReturnType<typeof checkValues>,
    source: 'form' | 'import',
  ) {
    const existing = await tx.select().from(kpiValues).where(eq(kpiValues.kpi_report_id, reportId));
    const current = new Map(currentValues(existing).map(({ current: row }) => [keyOf(row), row]));
    const changes: Array<Record<string, unknown>> = [];
    for (const item of checked) {
      const before = current.get(item.key);
      const text = item.unit === 'text';
      if (before && valueText(before) === item.value) continue; // the same value again changes nothing
      await tx.insert(kpiValues).values({
        kpi_report_id: reportId,
        kpi_id: item.kpi_id,
        custom_kpi_id: item.custom_kpi_id,
        value: text ? null : item.value,
        value_text: text ? item.value : null,
        source,
        replaces_id: before?.id ?? null,
        entered_by: actor.userId,
        entered_at: ctx.clock.now(),
      });
      changes.push({ input: item.key, before: before ? valueText(before) : null, after: item.value });
    }
    if (changes.length > 0) {
      await tx.update(kpiReports).set({ updated_at: ctx.clock.now() }).where(eq(kpiReports.id, reportId));
      await recordAudit(tx, actor, {
        action: 'kpi_report.values_entered',
        subjectType: 'kpi_report',
        subjectId: reportId,
        after: { source, values: changes },
      });
    }
  }

  /** A company's frequency for entering values (its schedule's, else quarterly). */
  const entryFrequency = (settings: CompanySettings) => settings.frequency ?? FALLBACK_FREQUENCY;

  async function submit(actor: Actor, user: UserRow, input: CreateInput, source: 'form' | 'import') {
    const attempt = () =>
      db.transaction(async (tx) => {
        const found = await authorise(tx, user, input.opportunity_id, 'create');
        const settings = await settingsOf(tx, found.id);
        const problem = periodProblem(input.period, entryFrequency(settings), ctx.clock.today());
        if (problem) throw fieldError('period', problem);
        const period = parseKpiPeriod(input.period);
        if (!period) throw fieldError('period', 'The period is not valid.');
        const checked = checkValues(await inputsOf(tx, found.id, settings), input.values);
        let [report] = await tx
          .select({ id: kpiReports.id })
          .from(kpiReports)
          .where(and(eq(kpiReports.opportunity_id, found.id), eq(kpiReports.period, period.key)));
        if (!report) {
          [report] = await tx
            .insert(kpiReports)
            .values({
              opportunity_id: found.id,
              period: period.key,
              frequency: period.frequency,
              period_start: period.start,
              period_end: period.end,
              created_by: actor.userId,
              created_at: ctx.clock.now(),
              updated_at: ctx.clock.now(),
            })
            .returning({ id: kpiReports.id });
          if (!report) throw new Error('the report was not stored');
          await recordAudit(tx, actor, {
            action: 'kpi_report.created',
            subjectType: 'kpi_report',
            subjectId: report.id,
            after: { opportunity_id: found.id, period: period.key, source },
          });
        }
        await appendValues(tx, actor, report.id, checked, source);
        return fullReport(tx, report.id);
      });
    // Two people submitting the same period at once: the second finds the first's report.
    return attempt().catch((error: unknown) => {
      if (isUniqueViolation(error)) return attempt();
      throw error;
    });
  }

  async function readableCompanyIds(tx: DbOrTx, user: UserRow, action: Action): Promise<number[] | 'all'> {
    if (can(user.role_id, 'kpi', action)) return 'all';
    if (user.role_id === ROLES.ENTREPRENEUR) return linkedCompanyIds(tx, user.id);
    return [];
  }

  /** Each company's received periods: report id and the London day of its first value. */
  async function receivedPeriods(tx: DbOrTx, companyIds: number[] | 'all') {
    if (companyIds !== 'all' && companyIds.length === 0)
      return new Map<string, { report_id: number; received_on: string; at: Date }>();
    const rows = await tx
      .select({
        report_id: kpiReports.id,
        opportunity_id: kpiReports.opportunity_id,
        period: kpiReports.period,
        first_at: sql<string>`min(${kpiValues.entered_at})`,
        last_at: sql<string>`max(${kpiValues.entered_at})`,
      })
      .from(kpiReports)
      .innerJoin(kpiValues, eq(kpiValues.kpi_report_id, kpiReports.id))
      .where(companyIds === 'all' ? undefined : inArray(kpiReports.opportunity_id, companyIds))
      .groupBy(kpiReports.id, kpiReports.opportunity_id, kpiReports.period);
    const map = new Map<string, { report_id: number; received_on: string; at: Date }>();
    for (const row of rows) {
      const first = new Date(row.first_at);
      map.set(`${row.opportunity_id}:${row.period}`, {
        report_id: row.report_id,
        received_on: londonDate(first),
        at: new Date(row.last_at),
      });
    }
    return map;
  }

  /** The schedule rows of these companies on `today` (also used by the reminders). */
  async function scheduleRows(tx: DbOrTx, user: UserRow | null, companyIds: number[] | 'all', today: string) {
    const companies = await tx
      .select(companyColumns)
      .from(opportunities)
      .where(
        companyIds === 'all'
          ? isExisting
          : companyIds.length === 0
            ? sql`false`
            : and(isExisting, inArray(opportunities.id, companyIds)),
      )
      .orderBy(asc(opportunities.name), asc(opportunities.id));
    const settingsRows = await tx
      .select({
        opportunity_id: kpiReportingSettings.opportunity_id,
        report_type_id: kpiReportingSettings.report_type_id,
        report_type_name: kpiReportTypes.name,
        frequency: kpiReportingSettings.frequency,
        due_days: kpiReportingSettings.due_days,
        start_period: kpiReportingSettings.start_period,
      })
      .from(kpiReportingSettings)
      .leftJoin(kpiReportTypes, eq(kpiReportTypes.id, kpiReportingSettings.report_type_id));
    const settingsBy = new Map(settingsRows.map((row) => [row.opportunity_id, row]));
    const received = await receivedPeriods(tx, companyIds);
    const lastBy = new Map<number, Date>();
    for (const [key, entry] of received) {
      const id = Number(key.split(':')[0]);
      const last = lastBy.get(id);
      if (!last || entry.at > last) lastBy.set(id, entry.at);
    }
    const linked =
      user && user.role_id === ROLES.ENTREPRENEUR ? new Set(await linkedCompanyIds(tx, user.id)) : null;
    return companies.map((found): KpiScheduleRow => {
      const settings = settingsBy.get(found.id);
      const dueDays = settings?.due_days ?? DEFAULT_KPI_DUE_DAYS;
      const periods = settings
        ? recentPeriods(settings.frequency, today, settings.start_period).map((period) =>
            schedulePeriod(period, dueDays, today, received.get(`${found.id}:${period.key}`) ?? null),
          )
        : [];
      let state: KpiScheduleState = 'not_scheduled';
      if (settings)
        state = periods.some((period) => period.state === 'overdue')
          ? 'overdue'
          : periods.some((period) => period.state === 'due')
            ? 'due'
            : 'up_to_date';
      const last = lastBy.get(found.id);
      return {
        opportunity_id: found.id,
        name: found.name,
        company_name: found.company_name,
        status: Number(found.status),
        frequency: settings?.frequency ?? null,
        due_days: dueDays,
        report_type:
          settings?.report_type_id != null && settings.report_type_name !== null
            ? { id: settings.report_type_id, name: settings.report_type_name }
            : null,
        state,
        periods,
        last_reported_on: last ? londonDate(last) : null,
        can_submit: user ? can(user.role_id, 'kpi', 'create') || (linked?.has(found.id) ?? false) : false,
      };
    });
  }

  return {
    company,
    authorise,
    settingsOf,
    inputsOf,
    scheduleRows,
    linkedCompanyIds,

    /** GET /api/kpi-reports/schedule */
    async schedule(user: UserRow, states: string[]): Promise<KpiSchedule> {
      const today = ctx.clock.today();
      const ids = await readableCompanyIds(db, user, 'index');
      const rows = await scheduleRows(db, user, ids, today);
      const summary = { overdue: 0, due: 0, up_to_date: 0, not_scheduled: 0 };
      for (const row of rows) summary[row.state] += 1;
      return {
        data: states.length === 0 ? rows : rows.filter((row) => states.includes(row.state)),
        summary,
        today,
      };
    },

    /** GET /api/kpi-reports/settings/{opportunityId} */
    async settings(opportunityId: number): Promise<KpiReportingSettings> {
      const found = await company(db, opportunityId);
      const settings = await settingsOf(db, found.id);
      const people = await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(kpiReportSubmitters)
        .innerJoin(users, eq(users.id, kpiReportSubmitters.user_id))
        .where(eq(kpiReportSubmitters.opportunity_id, found.id))
        .orderBy(asc(users.name), asc(users.id));
      const available = await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.role_id, ROLES.ENTREPRENEUR), isNull(users.deactivated_at)))
        .orderBy(asc(users.name), asc(users.id));
      return {
        opportunity_id: found.id,
        opportunity: { id: found.id, name: found.name, company_name: found.company_name },
        report_type_id: settings.report_type_id,
        report_type:
          settings.report_type_id !== null && settings.report_type_name !== null
            ? { id: settings.report_type_id, name: settings.report_type_name }
            : null,
        frequency: settings.frequency,
        due_days: settings.due_days,
        start_period: settings.start_period,
        entrepreneurs: people,
        available_entrepreneurs: available,
        inputs: await inputsOf(db, found.id, settings),
      };
    },

    /** PUT /api/kpi-reports/settings/{opportunityId} */
    async saveSettings(
      actor: Actor,
      opportunityId: number,
      input: SettingsInput,
    ): Promise<KpiReportingSettings> {
      await db.transaction(async (tx) => {
        const found = await company(tx, opportunityId);
        const before = await settingsOf(tx, found.id);
        if (input.report_type_id !== null) {
          const [type] = await tx
            .select({ id: kpiReportTypes.id })
            .from(kpiReportTypes)
            .where(eq(kpiReportTypes.id, input.report_type_id));
          if (!type) throw fieldError('report_type_id', 'The selected report type is invalid.');
        }
        const start = input.start_period ?? null;
        if (start !== null && parseKpiPeriod(start)?.frequency !== input.frequency)
          throw fieldError('start_period', `The first period must be a ${input.frequency} period.`);
        const ids = [...new Set(input.entrepreneur_ids)];
        if (ids.length > 0) {
          const found = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(inArray(users.id, ids), eq(users.role_id, ROLES.ENTREPRENEUR)));
          const known = new Set(found.map((row) => row.id));
          const errors: Record<string, string[]> = {};
          input.entrepreneur_ids.forEach((id, index) => {
            if (!known.has(id))
              errors[`entrepreneur_ids.${index}`] = ['The selected user is not an Entrepreneur.'];
          });
          if (Object.keys(errors).length > 0) throw validationError(errors);
        }
        const values = {
          report_type_id: input.report_type_id,
          frequency: input.frequency,
          due_days: input.due_days,
          start_period: start === null ? null : (parseKpiPeriod(start)?.key ?? null),
          updated_at: ctx.clock.now(),
        };
        await tx
          .insert(kpiReportingSettings)
          .values({ opportunity_id: found.id, ...values })
          .onConflictDoUpdate({ target: kpiReportingSettings.opportunity_id, set: values });
        const previous = await linkedCompanyIdsOf(tx, found.id);
        await tx.delete(kpiReportSubmitters).where(eq(kpiReportSubmitters.opportunity_id, found.id));
        if (ids.length > 0)
          await tx
            .insert(kpiReportSubmitters)
            .values(ids.map((user_id) => ({ opportunity_id: found.id, user_id })));
        await recordAudit(tx, actor, {
          action: 'kpi_reporting_settings.updated',
          subjectType: 'opportunity',
          subjectId: found.id,
          before: { ...before, entrepreneur_ids: previous },
          after: { ...values, entrepreneur_ids: ids },
        });
      });
      return this.settings(opportunityId);
    },

    /** GET /api/kpi-reports */
    async list(user: UserRow, raw: Record<string, unknown>, url: string) {
      const query = parseListQuery(kpiReportsListQuery, raw);
      const ids = await readableCompanyIds(db, user, 'index');
      const conditions = [];
      if (ids !== 'all')
        conditions.push(ids.length === 0 ? sql`false` : inArray(kpiReports.opportunity_id, ids));
      for (const filter of query.filters) {
        const values = (Array.isArray(filter.value) ? filter.value : [filter.value]).map(String);
        if (filter.name === 'opportunity_id') {
          const numbers = values.map(Number).filter((value) => Number.isSafeInteger(value) && value > 0);
          conditions.push(numbers.length === 0 ? sql`false` : inArray(kpiReports.opportunity_id, numbers));
        }
        if (filter.name === 'period') conditions.push(inArray(kpiReports.period, values));
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const sorts = query.sort.length > 0 ? query.sort : [{ name: 'period', descending: true }];
      const columns = {
        period: kpiReports.period_start,
        received_at: kpiReports.created_at,
        updated_at: kpiReports.updated_at,
      };
      const order = [
        ...sorts.map((sort) => {
          const column = columns[sort.name as keyof typeof columns] ?? kpiReports.period_start;
          return sort.descending ? desc(column) : asc(column);
        }),
        desc(kpiReports.id),
      ];
      const [count] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(kpiReports)
        .where(where);
      const page = await db
        .select({ id: kpiReports.id })
        .from(kpiReports)
        .where(where)
        .orderBy(...order)
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const found = await summaries(
        db,
        page.map((row) => row.id),
      );
      const data = page.flatMap((row) => {
        const summary = found.get(row.id);
        return summary ? [summary] : [];
      });
      return paginate(data, count?.total ?? 0, query, url);
    },

    /** GET /api/kpi-reports/{id} */
    async show(user: UserRow, id: number): Promise<KpiReport> {
      const [row] = await db
        .select({ opportunity_id: kpiReports.opportunity_id })
        .from(kpiReports)
        .where(eq(kpiReports.id, id));
      if (!row) throw notFound(NO_REPORT);
      await authorise(db, user, row.opportunity_id, 'show').catch(() => {
        throw notFound(NO_REPORT);
      });
      return fullReport(db, id);
    },

    /** POST /api/kpi-reports */
    create: (actor: Actor, user: UserRow, input: CreateInput) => submit(actor, user, input, 'form'),

    /** POST /api/kpi-reports/{id}/values */
    async correct(actor: Actor, user: UserRow, id: number, input: ValuesInput): Promise<KpiReport> {
      const [row] = await db
        .select({ opportunity_id: kpiReports.opportunity_id, period: kpiReports.period })
        .from(kpiReports)
        .where(eq(kpiReports.id, id));
      if (!row) throw notFound(NO_REPORT);
      return db
        .transaction(async (tx) => {
          await authorise(tx, user, row.opportunity_id, 'update').catch((error: unknown) => {
            if (error instanceof HttpError && error.status === 404) throw notFound(NO_REPORT);
            throw error;
          });
          const checked = checkValues(await inputsOf(tx, row.opportunity_id), input.values);
          await appendValues(tx, actor, id, checked, 'form');
          return fullReport(tx, id);
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error))
            throw new HttpError(
              409,
              'Someone corrected this report at the same moment: reload it and try again.',
              'CONFLICT',
            );
          throw error;
        });
    },

    /** GET /api/kpi-reports/form/{opportunityId}?period= */
    async form(user: UserRow, opportunityId: number, periodKey: string | undefined): Promise<KpiReportForm> {
      const found = await authorise(db, user, opportunityId, 'create');
      const settings = await settingsOf(db, found.id);
      const frequency = entryFrequency(settings);
      const today = ctx.clock.today();
      const received = await receivedPeriods(db, [found.id]);
      const periods = recentPeriods(frequency, today, settings.start_period, 12).map((period) =>
        schedulePeriod(period, settings.due_days, today, received.get(`${found.id}:${period.key}`) ?? null),
      );
      let period: string | null = null;
      let report: KpiReport | null = null;
      if (periodKey) {
        const problem = periodProblem(periodKey, frequency, today);
        if (problem) throw fieldError('period', problem);
        period = parseKpiPeriod(periodKey)?.key ?? null;
        const [row] = await db
          .select({ id: kpiReports.id })
          .from(kpiReports)
          .where(and(eq(kpiReports.opportunity_id, found.id), eq(kpiReports.period, period ?? '')));
        if (row) report = await fullReport(db, row.id);
      }
      return {
        opportunity: { id: found.id, name: found.name, company_name: found.company_name },
        frequency: settings.frequency,
        inputs: await inputsOf(db, found.id, settings),
        periods,
        period,
        report,
      };
    },

    /** POST /api/kpi-reports/import/preview: the file read on the worker pool, checked, nothing stored. */
    async importPreview(
      user: UserRow,
      opportunityId: number,
      periodKey: string,
      file: UploadedFile | undefined,
    ) {
      return preview(user, opportunityId, periodKey, file);
    },

    /** POST /api/kpi-reports/import/commit: all the file's rows, or none (422 with the preview's errors). */
    async importCommit(
      actor: Actor,
      user: UserRow,
      opportunityId: number,
      periodKey: string,
      file: UploadedFile | undefined,
    ) {
      const result = await preview(user, opportunityId, periodKey, file);
      if (result.errors.length > 0) throw fieldError('file', result.errors.join(' '));
      if (result.error_count > 0) {
        const errors: Record<string, string[]> = {};
        for (const row of result.rows) if (row.errors.length > 0) errors[`rows.${row.row}`] = row.errors;
        throw validationError(errors);
      }
      return submit(
        actor,
        user,
        {
          opportunity_id: opportunityId,
          period: result.period,
          values: result.rows.map((row) => ({
            kpi_id: row.kpi_id,
            custom_kpi_id: row.custom_kpi_id,
            value: row.value,
          })),
        },
        'import',
      );
    },
  };

  async function linkedCompanyIdsOf(tx: DbOrTx, opportunityId: number) {
    const rows = await tx
      .select({ id: kpiReportSubmitters.user_id })
      .from(kpiReportSubmitters)
      .where(eq(kpiReportSubmitters.opportunity_id, opportunityId));
    return rows.map((row) => row.id);
  }

  async function preview(
    user: UserRow,
    opportunityId: number,
    periodKey: string,
    file: UploadedFile | undefined,
  ): Promise<KpiImportPreview> {
    const found = await authorise(db, user, opportunityId, 'create');
    if (!file) throw fieldError('file', 'Choose a CSV or Excel file to import.');
    const settings = await settingsOf(db, found.id);
    const problem = periodProblem(periodKey, entryFrequency(settings), ctx.clock.today());
    if (problem) throw fieldError('period', problem);
    const period = parseKpiPeriod(periodKey);
    if (!period) throw fieldError('period', 'The period is not valid.');
    const { headers } = await readImportFile(ctx.workers, file.body);
    const lower = headers.map((heading) => heading.trim().toLowerCase());
    const nameIndex = lower.findIndex((heading) => ['kpi', 'kpi name', 'name', 'metric'].includes(heading));
    const valueIndex = lower.findIndex((heading) => heading === 'value');
    const errors: string[] = [];
    if (nameIndex < 0) errors.push('The file needs a “KPI” column with each KPI’s name.');
    if (valueIndex < 0) errors.push('The file needs a “Value” column.');
    if (errors.length > 0)
      return {
        opportunity_id: found.id,
        period: period.key,
        rows: [],
        valid_count: 0,
        error_count: 0,
        errors,
      };
    const table = await readImportFile(ctx.workers, file.body, [
      headers[nameIndex] as string,
      headers[valueIndex] as string,
    ]);
    const inputs = await inputsOf(db, found.id, settings);
    const byName = new Map(inputs.map((input) => [input.name.trim().toLowerCase(), input]));
    const [existingReport] = await db
      .select({ id: kpiReports.id })
      .from(kpiReports)
      .where(and(eq(kpiReports.opportunity_id, found.id), eq(kpiReports.period, period.key)));
    const current = new Map<string, string>();
    if (existingReport) {
      const rows = await db.select().from(kpiValues).where(eq(kpiValues.kpi_report_id, existingReport.id));
      for (const { current: row } of currentValues(rows)) current.set(keyOf(row), valueText(row));
    }
    const seen = new Set<string>();
    const rows: KpiImportRow[] = table.rows.map(([name = '', value = ''], index) => {
      const input = byName.get(name.trim().toLowerCase());
      const rowErrors: string[] = [];
      let normal = value.trim();
      if (!name.trim()) rowErrors.push('The KPI name is missing.');
      else if (!input) rowErrors.push(`“${name.trim()}” is not a KPI this company reports.`);
      else if (seen.has(input.key)) rowErrors.push(`“${input.name}” is given twice.`);
      if (input) {
        seen.add(input.key);
        const checked = normaliseValue(input.unit, value);
        if ('problem' in checked) rowErrors.push(checked.problem);
        else normal = checked.value;
      }
      return {
        row: index + 2,
        name: name.trim(),
        value: normal,
        kpi_id: input?.kpi_id ?? null,
        custom_kpi_id: input?.custom_kpi_id ?? null,
        unit: input?.unit ?? null,
        errors: rowErrors,
        current_value: input ? (current.get(input.key) ?? null) : null,
      };
    });
    const errorCount = rows.filter((row) => row.errors.length > 0).length;
    return {
      opportunity_id: found.id,
      period: period.key,
      rows,
      valid_count: rows.length - errorCount,
      error_count: errorCount,
      errors: [],
    };
  }
}

export type KpiReportsService = ReturnType<typeof createKpiReportsService>;

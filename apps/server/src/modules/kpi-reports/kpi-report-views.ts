import {
  DEFAULT_KPI_DUE_DAYS,
  kpiPeriodDueOn,
  kpiPeriodLabel,
  parseKpiPeriod,
  type KpiReport,
  type KpiReportSummary,
  type KpiReportValue,
} from '@portico/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { kpiReports, kpiValues, opportunities, users, type KpiValueRow } from '../../db/schema';
import { notFound } from '../../platform/http/errors';
import { londonDate, toApiTimestamp } from '../../platform/time';
import type { CompanySettings, KpiCompanies } from './kpi-companies';

export const NO_REPORT = 'No KPI report with that id.';

export const keyOf = (input: { kpi_id: number | null; custom_kpi_id: number | null }) =>
  input.kpi_id !== null ? `kpi:${input.kpi_id}` : `custom:${input.custom_kpi_id}`;

/** The text of a stored value. */
export const valueText = (row: Pick<KpiValueRow, 'value' | 'value_text'>) =>
  row.value_text ?? (row.value === null ? '' : plainDecimal(row.value));

/** "125000.500000" → "125000.5" (the column keeps the scale it was given; the wire shows the plain decimal). */
function plainDecimal(value: string) {
  if (!value.includes('.')) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}

/** The values of one report in chains: the current one of each input and the ones it replaced. */
export function currentValues(rows: KpiValueRow[]) {
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

/** A KPI report read whole: its summary for lists, and every current value with its history. */
export function createKpiReportViews(companies: KpiCompanies) {
  const { settingsOf, inputsOf, definitionsOf } = companies;

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

  return { summaries, fullReport };
}

export type KpiReportViews = ReturnType<typeof createKpiReportViews>;

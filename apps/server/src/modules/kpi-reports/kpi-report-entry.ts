import {
  parseKpiPeriod,
  type KpiImportPreview,
  type KpiImportRow,
  type KpiInputDefinition,
  type KpiReport,
  type KpiReportForm,
  type kpiReportCreateSchema,
  type kpiReportValuesSchema,
  type KpiUnit,
} from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { kpiReports, kpiValues, type UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, HttpError, notFound, validationError } from '../../platform/http/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import { readImportFile } from '../imports/import-file';
import { entryFrequency, type KpiCompanies } from './kpi-companies';
import { currentValues, keyOf, NO_REPORT, valueText, type KpiReportViews } from './kpi-report-views';
import { receivedPeriods } from './kpi-schedule';
import { normaliseValue, periodProblem, recentPeriods, schedulePeriod } from './kpi-rules';

type CreateInput = z.output<typeof kpiReportCreateSchema>;
type ValuesInput = z.output<typeof kpiReportValuesSchema>;
type ValueInput = CreateInput['values'][number];

/** Entering KPI values: the form, a submission, a correction and an import (preview, then all or none). */
export function createKpiEntry(ctx: AppContext, companies: KpiCompanies, views: KpiReportViews) {
  const { db } = ctx;
  const { authorise, settingsOf, inputsOf } = companies;
  const { fullReport } = views;

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

  return {
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
}

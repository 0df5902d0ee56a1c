import {
  can,
  DEFAULT_KPI_DUE_DAYS,
  parseKpiPeriod,
  ROLES,
  type KpiReportingSettings,
  type KpiSchedule,
  type KpiScheduleRow,
  type KpiScheduleState,
  type kpiReportingSettingsInputSchema,
} from '@portico/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  kpiReportingSettings,
  kpiReports,
  kpiReportSubmitters,
  kpiReportTypes,
  kpiValues,
  opportunities,
  users,
  type UserRow,
} from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, validationError } from '../../platform/http/errors';
import { londonDate } from '../../platform/time';
import { isExisting, companyColumns, type KpiCompanies } from './kpi-companies';
import { recentPeriods, schedulePeriod } from './kpi-rules';

type SettingsInput = z.output<typeof kpiReportingSettingsInputSchema>;

/** Each company's received periods: report id and the London day of its first value. */
export async function receivedPeriods(tx: DbOrTx, companyIds: number[] | 'all') {
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

/** The reporting schedule: each company's periods due, overdue or received, and its settings. */
export function createKpiSchedule(ctx: AppContext, companies: KpiCompanies) {
  const { db } = ctx;
  const { company, linkedCompanyIds, settingsOf, inputsOf, submitterIds, readableCompanyIds } = companies;

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

  /** GET /api/kpi-reports/settings/{opportunityId} */
  async function readSettings(opportunityId: number): Promise<KpiReportingSettings> {
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
  }

  return {
    scheduleRows,

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

    settings: readSettings,

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
        const previous = await submitterIds(tx, found.id);
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
      return readSettings(opportunityId);
    },
  };
}

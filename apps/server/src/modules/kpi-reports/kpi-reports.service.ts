import { kpiReportsListQuery, parseListQuery, type KpiReport } from '@portico/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { kpiReports, type UserRow } from '../../db/schema';
import { notFound } from '../../platform/http/errors';
import { paginate } from '../../platform/list-query/paginator';
import { createKpiCompanies } from './kpi-companies';
import { createKpiReportViews, NO_REPORT } from './kpi-report-views';
import { createKpiEntry } from './kpi-report-entry';
import { createKpiSchedule } from './kpi-schedule';

/**
 * KPI reports (issue 19, decision 023), one file per kind of operation: the companies and their settings
 * (`kpi-companies`), reading a report (`kpi-report-views`), the schedule (`kpi-schedule`) and entering
 * values (`kpi-report-entry`); the list and a report's page here.
 */
export function createKpiReportsService(ctx: AppContext) {
  const { db } = ctx;
  const companies = createKpiCompanies();
  const views = createKpiReportViews(companies);
  const { authorise, readableCompanyIds } = companies;
  const { summaries, fullReport } = views;

  return {
    ...createKpiSchedule(ctx, companies),
    ...createKpiEntry(ctx, companies, views),

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
  };
}

export type KpiReportsService = ReturnType<typeof createKpiReportsService>;

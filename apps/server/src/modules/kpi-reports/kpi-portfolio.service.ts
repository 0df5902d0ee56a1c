import {
  kpiPeriodLabel,
  type ExportFormat,
  type InvestorKpis,
  type KpiPortfolio,
  type KpiPortfolioCell,
  type KpiPortfolioRow,
  type KpiReportFrequency,
  type KpiUnit,
  type ListColumn,
} from '@portico/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rowsOf, type DbOrTx } from '../../db/client';
import { notFound } from '../../platform/http/errors';
import { exportRecords, moneyCell, type Cell } from '../../platform/export/table-export';
import { londonDate } from '../../platform/time';
import { shownToInvestor } from '../portfolio/portfolio.repository';

export interface KpiPortfolioFilters {
  kpi_category_id?: number[];
  industry_id?: number[];
  investment_type_id?: number[];
}

interface PointRow {
  opportunity_id: string | number;
  kpi_id: string | number | null;
  custom_kpi_id: string | number | null;
  period: string;
  period_end: string;
  value: string;
  change: string | null;
  change_rate: string | null;
  rank: string | number;
}

interface CompanyRow {
  id: string | number;
  name: string;
  company_name: string;
  currency: string;
  industry_id: string | number | null;
  industry_name: string | null;
  investment_type_id: string | number | null;
  investment_type_name: string | null;
  frequency: KpiReportFrequency | null;
  last_entered_at: string | Date | null;
}

interface DefinitionRow {
  key: string;
  kpi_id: string | number | null;
  custom_kpi_id: string | number | null;
  name: string;
  unit: KpiUnit;
  category_id: string | number | null;
  category_name: string | null;
  category_position: number;
  position: number;
}

const TREND = 8;
const plain = (value: string) => (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);
const idList = (ids: number[] | undefined) => (ids && ids.length > 0 ? ids : null);

/**
 * The KPI portfolio (resource kpiPortfolio) and the investor's KPI series: the current values (those no
 * later value replaced) per company, input and period, with exact numeric change against the previous
 * reported period computed by PostgreSQL.
 */
export function createKpiPortfolioService(ctx: AppContext) {
  const { db } = ctx;

  /** Every point of these companies' inputs, newest first per input (rank 1 = latest), with its change. */
  async function points(tx: DbOrTx, companyIds: number[], maxRank: number): Promise<PointRow[]> {
    if (companyIds.length === 0) return [];
    const ids = sql.join(
      companyIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const result = await tx.execute(sql`
      with current_values as (
        select r.opportunity_id, v.kpi_id, v.custom_kpi_id, r.period, r.period_start, r.period_end,
          v.value, v.value_text
        from kpi_values v
        join kpi_reports r on r.id = v.kpi_report_id
        where r.opportunity_id in (${ids})
          and not exists (select 1 from kpi_values n where n.replaces_id = v.id)
      ),
      ranked as (
        select c.*,
          row_number() over (partition by c.opportunity_id, c.kpi_id, c.custom_kpi_id order by c.period_start desc) as rank,
          lead(c.value) over (partition by c.opportunity_id, c.kpi_id, c.custom_kpi_id order by c.period_start desc) as previous
        from current_values c
      )
      select opportunity_id, kpi_id, custom_kpi_id, period, to_char(period_end, 'YYYY-MM-DD') as period_end,
        coalesce(value::text, value_text) as value,
        case when value is null or previous is null then null else (value - previous)::text end as change,
        case when value is null or previous is null or previous = 0 then null
          else round((value - previous) / abs(previous), 6)::text end as change_rate,
        rank
      from ranked
      where rank <= ${maxRank}
      order by opportunity_id, kpi_id nulls last, custom_kpi_id, period_start`);
    return rowsOf<PointRow>(result);
  }

  /** The settings KPIs and these companies' custom KPIs, in settings order. */
  async function definitions(tx: DbOrTx, companyIds: number[]): Promise<Map<string, DefinitionRow>> {
    const custom =
      companyIds.length === 0
        ? sql`false`
        : sql`ck.opportunity_id in (${sql.join(
            companyIds.map((id) => sql`${id}`),
            sql`, `,
          )})`;
    const result = await tx.execute(sql`
      select 'kpi:' || k.id as key, k.id as kpi_id, null::bigint as custom_kpi_id, k.name, k.unit,
        c.id as category_id, c.name as category_name, c.position as category_position, k.position
      from kpis k join kpi_categories c on c.id = k.kpi_category_id
      union all
      select 'custom:' || ck.id, null, ck.id, ck.name, ck.unit, c.id, c.name, 100000, 0
      from custom_kpis ck left join kpi_categories c on c.id = ck.kpi_category_id
      where ${custom}`);
    return new Map(rowsOf<DefinitionRow>(result).map((row) => [row.key, row]));
  }

  const keyOf = (row: { kpi_id: string | number | null; custom_kpi_id: string | number | null }) =>
    row.kpi_id !== null ? `kpi:${Number(row.kpi_id)}` : `custom:${Number(row.custom_kpi_id)}`;

  const order = (a: DefinitionRow, b: DefinitionRow) =>
    Number(a.category_position) - Number(b.category_position) ||
    Number(a.position) - Number(b.position) ||
    a.name.localeCompare(b.name);

  async function portfolio(filters: KpiPortfolioFilters): Promise<KpiPortfolio> {
    const industries = idList(filters.industry_id);
    const types = idList(filters.investment_type_id);
    const categories = idList(filters.kpi_category_id);
    const list = (ids: number[]) =>
      sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
    const companies = rowsOf<CompanyRow>(
      await db.execute(sql`
        select o.id, o.name, o.company_name, o.currency,
          i.id as industry_id, i.name as industry_name, t.id as investment_type_id, t.name as investment_type_name,
          s.frequency,
          (select max(v.entered_at) from kpi_values v join kpi_reports r on r.id = v.kpi_report_id
            where r.opportunity_id = o.id) as last_entered_at
        from opportunities o
        left join industries i on i.id = o.industry_id
        left join investment_types t on t.id = o.investment_type_id
        left join kpi_reporting_settings s on s.opportunity_id = o.id
        where o.status in (5, 6)
          ${industries ? sql`and o.industry_id in (${list(industries)})` : sql``}
          ${types ? sql`and o.investment_type_id in (${list(types)})` : sql``}
        order by o.name, o.id`),
    );
    const ids = companies.map((row) => Number(row.id));
    const [allPoints, defs] = await Promise.all([points(db, ids, TREND + 1), definitions(db, ids)]);
    const shown = (definition: DefinitionRow | undefined) =>
      definition !== undefined &&
      (!categories ||
        (definition.category_id !== null && categories.includes(Number(definition.category_id))));
    const byCompany = new Map<number, Map<string, PointRow[]>>();
    for (const point of allPoints) {
      const company = Number(point.opportunity_id);
      const key = keyOf(point);
      if (!shown(defs.get(key))) continue;
      const inputs = byCompany.get(company) ?? new Map<string, PointRow[]>();
      inputs.set(key, [...(inputs.get(key) ?? []), point]);
      byCompany.set(company, inputs);
    }
    const columnKeys = new Set<string>();
    const data = companies.map((company): KpiPortfolioRow => {
      const inputs = byCompany.get(Number(company.id)) ?? new Map<string, PointRow[]>();
      const cells = [...inputs.entries()]
        .map(([key, series]) => ({ key, series, definition: defs.get(key) as DefinitionRow }))
        .sort((a, b) => order(a.definition, b.definition))
        .map(({ key, series, definition }): KpiPortfolioCell => {
          if (definition.kpi_id !== null) columnKeys.add(key);
          const latest = series.find((point) => Number(point.rank) === 1);
          const previous = series.find((point) => Number(point.rank) === 2);
          const numeric = definition.unit !== 'text';
          const point = (row: PointRow | undefined) =>
            row
              ? {
                  period: row.period,
                  label: kpiPeriodLabel(row.period),
                  value: numeric ? plain(row.value) : row.value,
                }
              : null;
          return {
            key,
            kpi_id: definition.kpi_id === null ? null : Number(definition.kpi_id),
            custom_kpi_id: definition.custom_kpi_id === null ? null : Number(definition.custom_kpi_id),
            name: definition.name,
            unit: definition.unit,
            latest: point(latest),
            previous: point(previous),
            change: numeric && latest?.change ? plain(latest.change) : null,
            change_rate: numeric ? (latest?.change_rate ?? null) : null,
            trend: numeric
              ? series
                  .filter((row) => Number(row.rank) <= TREND)
                  .map((row) => point(row) as NonNullable<ReturnType<typeof point>>)
              : [],
          };
        });
      const latestPeriods = cells.flatMap((cell) => (cell.latest ? [cell.latest.period] : []));
      const latestPeriod = [...inputs.values()]
        .flat()
        .filter((row) => Number(row.rank) === 1)
        .sort((a, b) => b.period_end.localeCompare(a.period_end))[0]?.period;
      return {
        opportunity_id: Number(company.id),
        name: company.name,
        company_name: company.company_name,
        currency: company.currency,
        industry:
          company.industry_id === null
            ? null
            : { id: Number(company.industry_id), name: company.industry_name ?? '' },
        investment_type:
          company.investment_type_id === null
            ? null
            : { id: Number(company.investment_type_id), name: company.investment_type_name ?? '' },
        frequency: company.frequency,
        last_reported_on: company.last_entered_at ? londonDate(new Date(company.last_entered_at)) : null,
        latest_period: latestPeriod ?? latestPeriods[0] ?? null,
        kpis: cells,
      };
    });
    const columns = [...defs.values()]
      .filter((definition) => columnKeys.has(definition.key))
      .sort(order)
      .map((definition) => ({
        id: Number(definition.kpi_id),
        name: definition.name,
        unit: definition.unit,
        category: { id: Number(definition.category_id), name: definition.category_name ?? '' },
      }));
    return { data, columns };
  }

  return {
    portfolio,

    /** GET /api/kpi-portfolio/export: a row per company; per KPI its latest value, previous and change. */
    async export(filters: KpiPortfolioFilters, format: ExportFormat, chosen: string[] = []): Promise<Buffer> {
      const { data, columns: kpiColumns } = await portfolio(filters);
      const columns: ListColumn[] = [
        { key: 'company_name', label: 'Company', default: true },
        { key: 'name', label: 'Investment', default: true },
        { key: 'industry', label: 'Industry', default: true },
        { key: 'investment_type', label: 'Investment type', default: true },
        { key: 'last_reported_on', label: 'Last reported on', default: true },
        { key: 'latest_period', label: 'Latest period', default: true },
        ...kpiColumns.flatMap((kpi) => [
          { key: `kpi:${kpi.id}:latest`, label: `${kpi.name}`, default: true },
          { key: `kpi:${kpi.id}:previous`, label: `${kpi.name} (previous period)`, default: true },
          { key: `kpi:${kpi.id}:change`, label: `${kpi.name} change %`, default: true },
        ]),
      ];
      const numberCell = (value: string | null | undefined): Cell => (value == null ? null : Number(value));
      return exportRecords({
        workers: ctx.workers,
        columns,
        chosen,
        batches: (async function* () {
          yield data;
        })(),
        present: (rows: KpiPortfolioRow[]) => rows,
        cell: (row: KpiPortfolioRow, key: string): Cell => {
          if (key === 'industry') return row.industry?.name ?? null;
          if (key === 'investment_type') return row.investment_type?.name ?? null;
          if (!key.startsWith('kpi:')) return (row[key as keyof KpiPortfolioRow] as string | null) ?? null;
          const [, id, part] = key.split(':');
          const cell = row.kpis.find((entry) => entry.kpi_id === Number(id));
          if (!cell) return null;
          if (part === 'change')
            return cell.change_rate === null ? null : `${(Number(cell.change_rate) * 100).toFixed(1)}%`;
          const point = part === 'latest' ? cell.latest : cell.previous;
          if (!point) return null;
          if (cell.unit === 'currency') return moneyCell(point.value, row.currency);
          if (cell.unit === 'text') return point.value;
          return numberCell(point.value);
        },
        format,
        sheetName: 'KPI portfolio',
      });
    },

    /** GET /api/portfolio/{opportunityId}/kpis: 404 unless the investor holds or held it. */
    async investorKpis(userId: number, opportunityId: number): Promise<InvestorKpis> {
      const [company] = rowsOf<CompanyRow>(
        await db.execute(sql`
          select o.id, o.name, o.company_name, o.currency, s.frequency,
            (select max(v.entered_at) from kpi_values v join kpi_reports r on r.id = v.kpi_report_id
              where r.opportunity_id = o.id) as last_entered_at
          from opportunities o
          left join kpi_reporting_settings s on s.opportunity_id = o.id
          where o.id = ${opportunityId} and o.status in (5, 6)
            and exists (select 1 from holding_transactions ht
              where ht.opportunity_id = o.id and ht.user_id = ${userId} and ${shownToInvestor()})`),
      );
      if (!company) throw notFound('You do not hold this investment.');
      const [series, defs] = await Promise.all([
        points(db, [opportunityId], 1_000),
        definitions(db, [opportunityId]),
      ]);
      const grouped = new Map<string, PointRow[]>();
      for (const point of series) grouped.set(keyOf(point), [...(grouped.get(keyOf(point)) ?? []), point]);
      return {
        opportunity_id: Number(company.id),
        name: company.name,
        company_name: company.company_name,
        currency: company.currency,
        frequency: company.frequency,
        last_reported_on: company.last_entered_at ? londonDate(new Date(company.last_entered_at)) : null,
        series: [...grouped.entries()]
          .flatMap(([key, rows]) => {
            const definition = defs.get(key);
            return definition ? [{ key, rows, definition }] : [];
          })
          .sort((a, b) => order(a.definition, b.definition))
          .map(({ key, rows, definition }) => ({
            key,
            kpi_id: definition.kpi_id === null ? null : Number(definition.kpi_id),
            custom_kpi_id: definition.custom_kpi_id === null ? null : Number(definition.custom_kpi_id),
            name: definition.name,
            unit: definition.unit,
            category:
              definition.category_id === null
                ? null
                : { id: Number(definition.category_id), name: definition.category_name ?? '' },
            points: rows.map((row) => ({
              period: row.period,
              label: kpiPeriodLabel(row.period),
              period_end: row.period_end,
              value: definition.unit === 'text' ? row.value : plain(row.value),
            })),
          })),
      };
    },
  };
}

export type KpiPortfolioService = ReturnType<typeof createKpiPortfolioService>;

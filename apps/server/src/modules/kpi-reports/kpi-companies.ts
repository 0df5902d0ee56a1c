import {
  can,
  DEFAULT_KPI_DUE_DAYS,
  ROLES,
  type Action,
  type KpiInputDefinition,
  type KpiReportFrequency,
} from '@portico/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  customKpis,
  kpiCategories,
  kpiReportingSettings,
  kpiReportSubmitters,
  kpiReportTypeKpis,
  kpiReportTypes,
  kpis,
  opportunities,
  type UserRow,
} from '../../db/schema';
import { notFound } from '../../platform/http/errors';

export const NO_COMPANY = 'No existing investment with that id.';
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

export const companyColumns = {
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

/** A company's frequency for entering values (its schedule's, else quarterly). */
export const entryFrequency = (settings: CompanySettings) => settings.frequency ?? FALLBACK_FREQUENCY;

/**
 * The companies KPIs are reported for (existing investments): who may act on them, their reporting
 * settings and the KPIs each reports.
 */
export function createKpiCompanies() {
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

  /** The Entrepreneurs linked to a company (who submit its KPIs). */
  async function submitterIds(tx: DbOrTx, opportunityId: number) {
    const rows = await tx
      .select({ id: kpiReportSubmitters.user_id })
      .from(kpiReportSubmitters)
      .where(eq(kpiReportSubmitters.opportunity_id, opportunityId));
    return rows.map((row) => row.id);
  }

  async function readableCompanyIds(tx: DbOrTx, user: UserRow, action: Action): Promise<number[] | 'all'> {
    if (can(user.role_id, 'kpi', action)) return 'all';
    if (user.role_id === ROLES.ENTREPRENEUR) return linkedCompanyIds(tx, user.id);
    return [];
  }

  return {
    company,
    linkedCompanyIds,
    authorise,
    settingsOf,
    inputsOf,
    definitionsOf,
    submitterIds,
    readableCompanyIds,
  };
}

export type KpiCompanies = ReturnType<typeof createKpiCompanies>;

import { kpiPeriodContaining, ROLES, shiftKpiPeriod, type KpiPeriod } from '@portico/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import {
  kpiReportingSettings,
  kpiReports,
  kpiReportSubmitters,
  kpiReportTypeKpis,
  kpiReportTypes,
  kpis,
  kpiValues,
  opportunities,
  users,
} from '../db/schema';

const DAY_MS = 86_400_000;
const QUARTERS = 8;

/** The demo report type's KPIs, by their settings names (seed/attributes-demo.ts). */
const STANDARD = [
  'Revenue',
  'Annual recurring revenue',
  'Monthly burn',
  'Cash runway',
  'Gross margin',
  'Customers',
  'Headcount',
  'Key hires',
];

/** Each company's figures for its first quarter and how they move, quarter by quarter. */
interface Story {
  revenue: number;
  growth: number[];
  margin: number;
  burn: number;
  cash: number;
  customers: number;
  headcount: number;
  arr?: boolean;
  hires: string[];
  /** quarters missing at the end: the company stopped reporting */
  missing: number;
}

const STORIES: Record<string, Story> = {
  // a coffee roaster winning supermarket listings: steady growth, margins improving
  'harbour-lane-coffee': {
    revenue: 182_000,
    growth: [0.06, 0.04, 0.09, 0.12, 0.07, 0.05, 0.11, 0.08],
    margin: 54.5,
    burn: 38_000,
    cash: 610_000,
    customers: 140,
    headcount: 14,
    hires: ['Head of sales', '', 'Operations manager', '', '', 'Finance director', '', 'Second roaster'],
    missing: 0,
  },
  // a medical devices company in trials: little revenue, heavy burn, and it stopped reporting
  'fenwick-medical-devices': {
    revenue: 42_000,
    growth: [0.02, -0.05, 0.1, 0.03, -0.02, 0.04, 0.01, 0.0],
    margin: 61.0,
    burn: 95_000,
    cash: 1_450_000,
    customers: 6,
    headcount: 22,
    arr: true,
    hires: ['Clinical lead', '', '', 'Regulatory affairs manager', '', '', '', ''],
    missing: 2,
  },
  // a brewery sold in a trade sale: it reported until the end
  'old-forge-brewing': {
    revenue: 410_000,
    growth: [0.03, 0.05, -0.02, 0.06, 0.04, 0.02, 0.05, 0.03],
    margin: 44.0,
    burn: 12_000,
    cash: 320_000,
    customers: 85,
    headcount: 31,
    hires: ['', 'Head brewer', '', '', 'Export manager', '', '', ''],
    missing: 0,
  },
};

const money = (value: number) => value.toFixed(2);

/**
 * Issue 19: eight quarters of KPIs for the demo's existing investments, on a "Standard quarterly"
 * report type, each company reporting quarterly with 30 days to report; Fenwick stopped reporting two
 * quarters ago, so it is overdue on the schedule. The demo Entrepreneur submits Harbour Lane's. Values
 * are entered 12 to 20 days after each quarter ends (never after now).
 */
export async function seedKpiReportsDemo(ctx: AppContext, now: Date) {
  const { db } = ctx;
  const today = ctx.clock.today();
  await db.transaction(async (tx) => {
    const kpiRows = await tx
      .select({ id: kpis.id, name: kpis.name, unit: kpis.unit })
      .from(kpis)
      .where(inArray(kpis.name, STANDARD));
    const kpiId = new Map(kpiRows.map((row) => [row.name, row.id]));
    if (kpiRows.length === 0) return;
    const [type] = await tx
      .insert(kpiReportTypes)
      .values({
        name: 'Standard quarterly',
        description: 'Revenue, burn, runway, customers and team, every quarter.',
      })
      .returning();
    if (!type) return;
    await tx.insert(kpiReportTypeKpis).values(
      STANDARD.flatMap((name, position) => {
        const id = kpiId.get(name);
        return id === undefined ? [] : [{ report_type_id: type.id, kpi_id: id, position }];
      }),
    );
    await tx.insert(kpiReportTypes).values({
      name: 'SaaS quarterly',
      description: 'The standard quarterly KPIs plus retention and churn.',
      parent_id: type.id,
    });

    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role_id, ROLES.SUPER_ADMIN))
      .limit(1);
    const [entrepreneur] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role_id, ROLES.ENTREPRENEUR))
      .orderBy(asc(users.id))
      .limit(1);
    const companies = await tx
      .select({ id: opportunities.id, slug: opportunities.slug })
      .from(opportunities)
      .where(and(sql`${opportunities.status} in (5, 6)`, inArray(opportunities.slug, Object.keys(STORIES))));

    // the last quarter that has ended, and the seven before it
    const lastEnded = shiftKpiPeriod(kpiPeriodContaining('quarter', today), -1);
    const quarters: KpiPeriod[] = Array.from({ length: QUARTERS }, (_, index) =>
      shiftKpiPeriod(lastEnded, index - (QUARTERS - 1)),
    );
    for (const company of companies) {
      const story = STORIES[company.slug];
      if (!story) continue;
      await tx.insert(kpiReportingSettings).values({
        opportunity_id: company.id,
        report_type_id: type.id,
        frequency: 'quarter',
        due_days: 30,
        start_period: quarters[0]?.key ?? null,
      });
      const harbour = company.slug === 'harbour-lane-coffee';
      if (harbour && entrepreneur)
        await tx.insert(kpiReportSubmitters).values({ opportunity_id: company.id, user_id: entrepreneur.id });
      let revenue = story.revenue;
      let customers = story.customers;
      let headcount = story.headcount;
      let cash = story.cash;
      for (const [index, quarter] of quarters.entries()) {
        revenue = Math.round(revenue * (1 + (story.growth[index] ?? 0)));
        customers = Math.max(1, Math.round(customers * (1 + (story.growth[index] ?? 0) * 0.8)));
        if (story.hires[index]) headcount += 1 + (index % 2);
        const burn = Math.round(story.burn * (1 + index * 0.03));
        cash = Math.max(0, cash - burn * 3 + Math.round(revenue * (story.margin / 100) * 0.4));
        if (index >= QUARTERS - story.missing) continue;
        const enteredAt = new Date(
          Math.min(Date.parse(`${quarter.end}T10:00:00Z`) + (12 + ((index * 3) % 9)) * DAY_MS, now.getTime()),
        );
        const by = harbour && index === QUARTERS - 1 && entrepreneur ? entrepreneur.id : (admin?.id ?? null);
        const [report] = await tx
          .insert(kpiReports)
          .values({
            opportunity_id: company.id,
            period: quarter.key,
            frequency: 'quarter',
            period_start: quarter.start,
            period_end: quarter.end,
            created_by: by,
            created_at: enteredAt,
            updated_at: enteredAt,
          })
          .returning({ id: kpiReports.id });
        if (!report) continue;
        const margin = (story.margin + index * 0.4 + (index % 3 === 0 ? -0.7 : 0.3)).toFixed(1);
        const figures: Array<[string, string | null, string | null]> = [
          ['Revenue', money(revenue), null],
          ['Annual recurring revenue', story.arr ? money(revenue * 4 * 0.85) : null, null],
          ['Monthly burn', money(burn), null],
          ['Cash runway', (cash / burn).toFixed(1), null],
          ['Gross margin', margin, null],
          ['Customers', String(customers), null],
          ['Headcount', String(headcount), null],
          ['Key hires', null, story.hires[index] || null],
        ];
        const rows = figures.flatMap(([name, value, text]) => {
          const id = kpiId.get(name);
          if (id === undefined || (value === null && text === null)) return [];
          return [
            {
              kpi_report_id: report.id,
              kpi_id: id,
              value,
              value_text: text,
              entered_by: by,
              entered_at: enteredAt,
            },
          ];
        });
        if (rows.length === 0) continue;
        const inserted = await tx.insert(kpiValues).values(rows).returning();
        // one correction, so the history shows: Harbour Lane restated a quarter's revenue a week later
        const first = inserted.find((row) => row.kpi_id === kpiId.get('Revenue'));
        if (harbour && index === QUARTERS - 3 && first?.value)
          await tx.insert(kpiValues).values({
            kpi_report_id: report.id,
            kpi_id: first.kpi_id,
            value: money(Number(first.value) + 3_250),
            replaces_id: first.id,
            entered_by: admin?.id ?? null,
            entered_at: new Date(Math.min(enteredAt.getTime() + 7 * DAY_MS, now.getTime())),
          });
      }
    }
  });
}

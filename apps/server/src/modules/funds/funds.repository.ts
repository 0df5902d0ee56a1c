import { fundsListQuery } from '@portico/contracts';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  fundCompanies,
  fundNavs,
  funds,
  opportunities,
  users,
  type FundNavRow,
  type FundRow,
} from '../../db/schema';
import { exact, partial, planned } from '../../platform/list-query/drizzle';
import { createRecordRepository } from '../../platform/records/record-repository';

/** A fund with its latest current NAV and that NAV's date (null before the first). */
export type FundWithNav = FundRow & { latest_nav: string | null; latest_nav_on: string | null };

/** The outer query's fund, correlated by hand (Drizzle leaves a column unqualified inside a subquery). */
const outerFund = sql`${sql.identifier('funds')}.${sql.identifier('id')}`;
/** The current NAV with the greatest date: the fund's latest. */
const latestNav = (column: 'nav' | 'effective_on') =>
  sql<
    string | null
  >`(select ${sql.identifier(column)}::text from ${fundNavs} where ${fundNavs.fund_id} = ${outerFund} and ${fundNavs.replaced_at} is null order by ${fundNavs.effective_on} desc limit 1)`;
const latestNavValue = latestNav('nav');
const latestNavOn = latestNav('effective_on');

export const fundsRepository = createRecordRepository({
  table: funds,
  binding: {
    spec: fundsListQuery,
    filters: {
      search: partial(funds.name, funds.description),
      status: exact(funds.status, 'int'),
      active: exact(funds.active, 'int'),
      type: exact(funds.type),
      tax_relief: exact(funds.tax_relief),
    },
    sorts: {
      name: funds.name,
      vintage: funds.vintage,
      target_size: funds.target_size,
      created_at: funds.created_at,
    },
    tiebreaker: funds.id,
  },
  rows: async (db, plan): Promise<FundWithNav[]> => {
    const select = db
      .select({ fund: funds, latest_nav: latestNavValue, latest_nav_on: latestNavOn })
      .from(funds);
    const rows = await planned(select.$dynamic(), plan);
    return rows.map((row) => ({ ...row.fund, latest_nav: row.latest_nav, latest_nav_on: row.latest_nav_on }));
  },
});

/** Takes the fund's row lock (NAVs and deletion of one fund go one at a time); false when there is none. */
export async function lockFund(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: funds.id }).from(funds).where(eq(funds.id, id)).for('update');
  return row !== undefined;
}

export async function countNavs(db: DbOrTx, fundId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(fundNavs).where(eq(fundNavs.fund_id, fundId));
  return row?.value ?? 0;
}

/** The opportunities raising for the fund. */
export async function countOpportunities(db: DbOrTx, fundId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(opportunities)
    .where(eq(opportunities.fund_id, fundId));
  return row?.value ?? 0;
}

/** The fund's portfolio companies. */
export async function countCompanies(db: DbOrTx, fundId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(fundCompanies)
    .where(eq(fundCompanies.fund_id, fundId));
  return row?.value ?? 0;
}

/** Every NAV of the fund, replaced ones too: newest date first, the current one of a date before its history. */
export function listNavs(db: DbOrTx, fundId: number): Promise<FundNavRow[]> {
  return db
    .select()
    .from(fundNavs)
    .where(eq(fundNavs.fund_id, fundId))
    .orderBy(desc(fundNavs.effective_on), desc(fundNavs.id));
}

export async function currentNavOn(db: DbOrTx, fundId: number, date: string) {
  const [row] = await db
    .select()
    .from(fundNavs)
    .where(and(eq(fundNavs.fund_id, fundId), eq(fundNavs.effective_on, date), isNull(fundNavs.replaced_at)));
  return row;
}

export async function insertNav(db: DbOrTx, values: typeof fundNavs.$inferInsert): Promise<FundNavRow> {
  const [row] = await db.insert(fundNavs).values(values).returning();
  if (!row) throw new Error('fund_navs insert returned no row');
  return row;
}

/** Marks a current NAV replaced (when and by whom); false when it already was. */
export async function markReplaced(db: DbOrTx, navId: number, at: Date, by: number | null) {
  const rows = await db
    .update(fundNavs)
    .set({ replaced_at: at, replaced_by: by })
    .where(and(eq(fundNavs.id, navId), isNull(fundNavs.replaced_at)))
    .returning({ id: fundNavs.id });
  return rows.length > 0;
}

export async function setSuccessor(db: DbOrTx, navId: number, successorId: number) {
  await db.update(fundNavs).set({ superseded_by_id: successorId }).where(eq(fundNavs.id, navId));
}

/** Names of the people who entered NAVs, by id. */
export async function userNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

import { fundCompaniesListQuery, FUND_COMPANY_STATUSES, type FundCompanyFigures } from '@portico/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  fundCompanies,
  fundCompanyStatuses,
  fundCompanyTransactions,
  funds,
  industries,
  users,
  type FundCompanyRow,
  type FundCompanyStatusRow,
  type FundCompanyTransactionRow,
} from '../../db/schema';
import { exact, partial, planned, type FilterHandler } from '../../platform/list-query/drizzle';
import { createRecordRepository } from '../../platform/records/record-repository';
import { companyFigures } from './company-figures';

/** A company with its fund, its industry, its current status and its figures. */
export type FundCompanyWithFacts = FundCompanyRow & {
  fund_name: string;
  currency: string;
  industry_name: string | null;
  status: string | null;
  status_on: string | null;
  figures: FundCompanyFigures;
};

/** The outer query's company, correlated by hand (Drizzle leaves a column unqualified inside a subquery). */
const outerCompany = sql`${sql.identifier('fund_companies')}.${sql.identifier('id')}`;
/** The latest status (greatest date, then the latest entered): the company's current one. */
const latestStatus = (column: 'status' | 'effective_on') =>
  sql<
    string | null
  >`(select ${sql.identifier(column)}::text from ${fundCompanyStatuses} where ${fundCompanyStatuses.company_id} = ${outerCompany} order by ${fundCompanyStatuses.effective_on} desc, ${fundCompanyStatuses.id} desc limit 1)`;
const currentStatus = latestStatus('status');
const currentStatusOn = latestStatus('effective_on');

const statusFilter: FilterHandler = (value) => {
  const known = (Array.isArray(value) ? value : [value])
    .map(String)
    .filter((item) => (FUND_COMPANY_STATUSES as readonly string[]).includes(item));
  if (known.length === 0) return sql`false`;
  return sql`${currentStatus} in (${sql.join(
    known.map((item) => sql`${item}`),
    sql`, `,
  )})`;
};

/** Every transaction of the companies, oldest first. */
export function transactionsOf(db: DbOrTx, companyIds: number[]): Promise<FundCompanyTransactionRow[]> {
  if (companyIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(fundCompanyTransactions)
    .where(inArray(fundCompanyTransactions.company_id, companyIds))
    .orderBy(asc(fundCompanyTransactions.effective_on), asc(fundCompanyTransactions.id));
}

export const fundCompaniesRepository = createRecordRepository({
  table: fundCompanies,
  binding: {
    spec: fundCompaniesListQuery,
    filters: {
      search: partial(fundCompanies.name, fundCompanies.company_number),
      fund: exact(fundCompanies.fund_id, 'int'),
      status: statusFilter,
    },
    sorts: {
      name: fundCompanies.name,
      first_investment_on: fundCompanies.first_investment_on,
      created_at: fundCompanies.created_at,
    },
    tiebreaker: fundCompanies.id,
  },
  rows: async (db, plan): Promise<FundCompanyWithFacts[]> => {
    const select = db
      .select({
        company: fundCompanies,
        fund_name: funds.name,
        currency: funds.currency,
        industry_name: industries.name,
        status: currentStatus,
        status_on: currentStatusOn,
      })
      .from(fundCompanies)
      .innerJoin(funds, eq(funds.id, fundCompanies.fund_id))
      .leftJoin(industries, eq(industries.id, fundCompanies.industry_id));
    const rows = await planned(select.$dynamic(), plan);
    const transactions = await transactionsOf(
      db,
      rows.map((row) => row.company.id),
    );
    return rows.map((row) => ({
      ...row.company,
      fund_name: row.fund_name,
      currency: row.currency,
      industry_name: row.industry_name,
      status: row.status,
      status_on: row.status_on,
      figures: companyFigures(transactions.filter((tx) => tx.company_id === row.company.id)),
    }));
  },
});

/** Takes the company's row lock (its transactions and its deletion go one at a time); false when there is none. */
export async function lockCompany(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: fundCompanies.id })
    .from(fundCompanies)
    .where(eq(fundCompanies.id, id))
    .for('update');
  return row !== undefined;
}

export async function fundExists(db: DbOrTx, fundId: number): Promise<boolean> {
  const [row] = await db.select({ id: funds.id }).from(funds).where(eq(funds.id, fundId));
  return row !== undefined;
}

export async function industryExists(db: DbOrTx, industryId: number): Promise<boolean> {
  const [row] = await db.select({ id: industries.id }).from(industries).where(eq(industries.id, industryId));
  return row !== undefined;
}

export async function countTransactions(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(fundCompanyTransactions)
    .where(eq(fundCompanyTransactions.company_id, companyId));
  return row?.value ?? 0;
}

export async function findTransaction(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(fundCompanyTransactions)
    .where(and(eq(fundCompanyTransactions.company_id, companyId), eq(fundCompanyTransactions.id, id)));
  return row;
}

export async function insertTransaction(
  db: DbOrTx,
  values: typeof fundCompanyTransactions.$inferInsert,
): Promise<FundCompanyTransactionRow> {
  const [row] = await db.insert(fundCompanyTransactions).values(values).returning();
  if (!row) throw new Error('fund_company_transactions insert returned no row');
  return row;
}

/** The company's status history, latest first. */
export function listStatuses(db: DbOrTx, companyId: number): Promise<FundCompanyStatusRow[]> {
  return db
    .select()
    .from(fundCompanyStatuses)
    .where(eq(fundCompanyStatuses.company_id, companyId))
    .orderBy(desc(fundCompanyStatuses.effective_on), desc(fundCompanyStatuses.id));
}

export async function insertStatus(
  db: DbOrTx,
  values: typeof fundCompanyStatuses.$inferInsert,
): Promise<FundCompanyStatusRow> {
  const [row] = await db.insert(fundCompanyStatuses).values(values).returning();
  if (!row) throw new Error('fund_company_statuses insert returned no row');
  return row;
}

/** Names of the people who entered rows, by id. */
export async function userNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

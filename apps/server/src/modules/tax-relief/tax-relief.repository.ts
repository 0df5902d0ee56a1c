import { splitProRata, compareDecimal, addDecimal } from '@portico/contracts';
import { and, asc, eq, inArray, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  fundCompanies,
  fundCompanyTransactions,
  funds,
  holdingTransactions,
  investments,
  opportunities,
  taxReliefCertificates,
  users,
  type TaxReliefCertificateRow,
} from '../../db/schema';
import { commitmentsOf, paidInBy } from '../funds/fund-money.repository';
import { shownToInvestor } from '../portfolio/portfolio.repository';

/*
 * The reads of EIS/SEIS relief: the share issues that qualify (direct allotments and follow-ons of an EIS or
 * SEIS round; an EIS or SEIS fund's investments in companies, split over its investors by paid-in capital at
 * the investment's date with the pro-rata rule of decision 024, through the fund module's own reads) and their
 * current (not withdrawn) certificates.
 */

export const RELIEVED = ['eis', 'seis'] as const;
const SHARE_ISSUES = ['allotment', 'follow_on'] as const;
const FUND_SHARE_ISSUES = ['investment', 'follow_on'] as const;

export interface DirectIssueRow {
  id: number;
  kind: string;
  occurred_on: string;
  amount: string;
  user_id: number;
  investor_name: string;
  opportunity_id: number;
  opportunity_name: string;
  slug: string;
  company_name: string;
  currency: string;
  tax_relief: 'eis' | 'seis';
}

/** Direct share issues of EIS/SEIS rounds: one investor's (shown to them) or one round's, oldest first. */
export async function directIssues(
  db: DbOrTx,
  where: { userId?: number; opportunityId?: number; ids?: number[] },
): Promise<DirectIssueRow[]> {
  const filters: SQL[] = [
    inArray(holdingTransactions.kind, [...SHARE_ISSUES]),
    inArray(opportunities.tax_relief, [...RELIEVED]),
  ];
  if (where.userId !== undefined) {
    filters.push(eq(holdingTransactions.user_id, where.userId));
    // a private manual investment is not shown to its investor (as in the portfolio)
    filters.push(shownToInvestor(holdingTransactions.investment_id));
  }
  if (where.opportunityId !== undefined)
    filters.push(eq(holdingTransactions.opportunity_id, where.opportunityId));
  if (where.ids !== undefined) {
    if (where.ids.length === 0) return [];
    filters.push(inArray(holdingTransactions.id, where.ids));
  }
  const rows = await db
    .select({
      id: holdingTransactions.id,
      kind: holdingTransactions.kind,
      occurred_on: holdingTransactions.occurred_on,
      amount: holdingTransactions.amount,
      user_id: holdingTransactions.user_id,
      investor_name: users.name,
      opportunity_id: opportunities.id,
      opportunity_name: opportunities.name,
      slug: opportunities.slug,
      company_name: opportunities.company_name,
      currency: opportunities.currency,
      tax_relief: opportunities.tax_relief,
    })
    .from(holdingTransactions)
    .innerJoin(opportunities, eq(opportunities.id, holdingTransactions.opportunity_id))
    .innerJoin(users, eq(users.id, holdingTransactions.user_id))
    .where(and(...filters))
    .orderBy(asc(holdingTransactions.occurred_on), asc(holdingTransactions.id));
  return rows as DirectIssueRow[];
}

/** The current certificates of these direct share issues, by holding transaction id. */
export async function directCertificates(
  db: DbOrTx,
  ids: number[],
): Promise<Map<number, TaxReliefCertificateRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(taxReliefCertificates)
    .where(
      and(
        inArray(taxReliefCertificates.holding_transaction_id, ids),
        isNull(taxReliefCertificates.withdrawn_at),
      ),
    );
  return new Map(rows.map((row) => [row.holding_transaction_id ?? 0, row]));
}

export interface FundIssueRow {
  /** the fund's company transaction */
  id: number;
  fund_id: number;
  fund_name: string;
  currency: string;
  tax_relief: 'eis' | 'seis';
  company_name: string;
  kind: string;
  effective_on: string;
  user_id: number;
  investor_name: string;
  /** the investor's share of the fund's investment, by paid-in capital at its date */
  amount: string;
}

export interface FundRelief {
  id: number;
  name: string;
  currency: string;
  tax_relief: 'eis' | 'seis' | 'none';
}

/** The EIS/SEIS funds in which the investor holds a commitment (or the one fund named). */
export async function reliefFunds(
  db: DbOrTx,
  where: { userId?: number; fundId?: number },
): Promise<FundRelief[]> {
  const filters: SQL[] = [];
  if (where.fundId !== undefined) filters.push(eq(funds.id, where.fundId));
  else filters.push(inArray(funds.tax_relief, [...RELIEVED]));
  if (where.userId !== undefined)
    filters.push(
      sql`exists (select 1 from ${investments} i join ${opportunities} o on o.id = i.opportunity_id
        where o.fund_id = ${funds.id} and i.user_id = ${where.userId} and i.status <> 'cancelled')`,
    );
  return db
    .select({ id: funds.id, name: funds.name, currency: funds.currency, tax_relief: funds.tax_relief })
    .from(funds)
    .where(and(...filters))
    .orderBy(asc(funds.name), asc(funds.id));
}

/**
 * A fund's share issues per investor: each investment or follow-on in a company (not reversed) split over the
 * commitments by what each had paid in by its date (decision 024's rule, as the fund's distributions and fees
 * are split), summed per investor. Only `userId`'s lines when given. None before anyone had paid in.
 */
export async function fundIssues(db: DbOrTx, fund: FundRelief, userId?: number): Promise<FundIssueRow[]> {
  if (fund.tax_relief === 'none') return [];
  const reversal = alias(fundCompanyTransactions, 'reversal');
  const [transactions, commitments] = await Promise.all([
    db
      .select({
        id: fundCompanyTransactions.id,
        kind: fundCompanyTransactions.kind,
        effective_on: fundCompanyTransactions.effective_on,
        amount: fundCompanyTransactions.amount,
        company_name: fundCompanies.name,
      })
      .from(fundCompanyTransactions)
      .innerJoin(fundCompanies, eq(fundCompanies.id, fundCompanyTransactions.company_id))
      .where(
        and(
          eq(fundCompanies.fund_id, fund.id),
          inArray(fundCompanyTransactions.kind, [...FUND_SHARE_ISSUES]),
          isNull(fundCompanyTransactions.reverses_id),
          notExists(
            db
              .select({ one: sql`1` })
              .from(reversal)
              .where(eq(reversal.reverses_id, fundCompanyTransactions.id)),
          ),
        ),
      )
      .orderBy(asc(fundCompanyTransactions.effective_on), asc(fundCompanyTransactions.id)),
    commitmentsOf(db, fund.id),
  ]);
  const ids = commitments.map((row) => row.id);
  const rows: FundIssueRow[] = [];
  for (const transaction of transactions) {
    if (transaction.amount === null) continue;
    const paidIn = await paidInBy(db, ids, transaction.effective_on);
    const weighted = commitments.flatMap((row) => {
      const weight = paidIn.get(row.id) ?? '0.00';
      return compareDecimal(weight, '0') > 0 ? [{ key: row, weight }] : [];
    });
    if (weighted.length === 0) continue;
    const perUser = new Map<number, { name: string; amount: string }>();
    for (const line of splitProRata(transaction.amount, weighted)) {
      const known = perUser.get(line.key.user_id);
      perUser.set(line.key.user_id, {
        name: line.key.investor_name,
        amount: addDecimal(known?.amount ?? '0', line.amount),
      });
    }
    for (const [lineUser, share] of perUser) {
      if (userId !== undefined && lineUser !== userId) continue;
      if (compareDecimal(share.amount, '0') <= 0) continue;
      rows.push({
        id: transaction.id,
        fund_id: fund.id,
        fund_name: fund.name,
        currency: fund.currency,
        tax_relief: fund.tax_relief,
        company_name: transaction.company_name,
        kind: transaction.kind,
        effective_on: transaction.effective_on,
        user_id: lineUser,
        investor_name: share.name,
        amount: share.amount,
      });
    }
  }
  return rows;
}

/** The current certificates of these fund share issues, by "transaction:user". */
export async function fundCertificates(
  db: DbOrTx,
  transactionIds: number[],
): Promise<Map<string, TaxReliefCertificateRow>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(taxReliefCertificates)
    .where(
      and(
        inArray(taxReliefCertificates.fund_company_transaction_id, transactionIds),
        isNull(taxReliefCertificates.withdrawn_at),
      ),
    );
  return new Map(rows.map((row) => [`${row.fund_company_transaction_id}:${row.user_id}`, row]));
}

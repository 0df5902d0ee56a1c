import {
  FUND_COMPANY_STATUSES,
  type FundCompany,
  type FundCompanyStatus,
  type FundCompanyStatusEntry,
  type FundCompanyTransaction,
} from '@portico/contracts';
import type { FundCompanyStatusRow, FundCompanyTransactionRow } from '../../db/schema';
import { toApiTimestamp } from '../../platform/time';
import type { FundCompanyWithFacts } from './fund-companies.repository';

/** Names of the people who entered rows, by id. */
export type Names = ReadonlyMap<number, string>;

// the database's check keeps the status to the known ones
const statusOf = (value: string | null): FundCompanyStatus | null =>
  FUND_COMPANY_STATUSES.find((status) => status === value) ?? null;

const personOf = (id: number | null, names: Names) =>
  id === null ? null : { id, name: names.get(id) ?? 'Unknown user' };

export function toFundCompany(row: FundCompanyWithFacts): FundCompany {
  return {
    id: row.id,
    fund_id: row.fund_id,
    fund: { id: row.fund_id, name: row.fund_name, currency: row.currency },
    name: row.name,
    company_number: row.company_number,
    industry_id: row.industry_id,
    industry: row.industry_id === null ? null : { id: row.industry_id, name: row.industry_name ?? '' },
    country: row.country,
    website: row.website,
    description: row.description,
    share_class: row.share_class,
    first_investment_on: row.first_investment_on,
    board_seat: row.board_seat,
    lead_investor: row.lead_investor,
    ownership_percent: row.ownership_percent,
    status: statusOf(row.status),
    status_on: row.status_on,
    ...row.figures,
    created_at: toApiTimestamp(row.created_at),
    updated_at: toApiTimestamp(row.updated_at),
  };
}

/** The transactions, each with the reversal that undid it (when one did). */
export function toTransactions(
  rows: readonly FundCompanyTransactionRow[],
  names: Names,
): FundCompanyTransaction[] {
  const reversedBy = new Map(
    rows.flatMap((row) => (row.reverses_id === null ? [] : [[row.reverses_id, row.id]])),
  );
  return rows.map((row) => ({
    id: row.id,
    company_id: row.company_id,
    kind: row.kind,
    date: row.effective_on,
    amount: row.amount,
    shares: row.shares,
    valuation: row.valuation,
    note: row.note,
    reverses_id: row.reverses_id,
    reason: row.reason,
    reversed_by_id: reversedBy.get(row.id) ?? null,
    created_by: personOf(row.created_by, names),
    created_at: toApiTimestamp(row.created_at),
  }));
}

export function toStatus(row: FundCompanyStatusRow, names: Names): FundCompanyStatusEntry {
  return {
    id: row.id,
    company_id: row.company_id,
    status: row.status,
    effective_on: row.effective_on,
    note: row.note,
    created_by: personOf(row.created_by, names),
    created_at: toApiTimestamp(row.created_at),
  };
}

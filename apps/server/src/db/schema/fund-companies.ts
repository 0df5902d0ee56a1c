import { FUND_COMPANY_STATUSES, FUND_COMPANY_TRANSACTION_KINDS } from '@portico/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { id, inList, reference, timestamps, timestamptz } from './columns';
import { funds } from './funds';
import { industries } from './investments';
import { users } from './users';

/*
 * Fund-investment companies (issue 20, migration 0033): the fund's portfolio companies. Their transactions
 * and their maturity-status history are append-only (a trigger refuses UPDATE and DELETE); a transaction is
 * undone once by a reversal, which the database fills from its original, negated. A status history goes with
 * its company, which cannot be deleted once it has transactions.
 */

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const MONEY_KINDS = ['investment', 'follow_on', 'partial_exit', 'exit', 'dividend'] as const;

export const fundCompanies = pgTable(
  'fund_companies',
  {
    id: id(),
    fund_id: reference('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    company_number: text('company_number'),
    industry_id: reference('industry_id').references(() => industries.id, { onDelete: 'restrict' }),
    country: text('country'),
    website: text('website'),
    description: text('description'),
    share_class: text('share_class'),
    first_investment_on: date('first_investment_on'),
    board_seat: boolean('board_seat').notNull().default(false),
    lead_investor: text('lead_investor'),
    /** the fund's share of the company, kept by staff (a percentage, 4 decimals) */
    ownership_percent: numeric('ownership_percent', { precision: 7, scale: 4 }),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    index('fund_companies_fund_index').on(table.fund_id, table.name, table.id),
    index('fund_companies_name_index').on(table.name, table.id),
    check('fund_companies_name_length', sql`char_length(btrim(${table.name})) between 1 and 200`),
    check('fund_companies_country_code', sql`${table.country} is null or ${table.country} ~ '^[A-Z]{2}$'`),
    check(
      'fund_companies_ownership_range',
      sql`${table.ownership_percent} is null or ${table.ownership_percent} between 0 and 100`,
    ),
  ],
);

export const fundCompanyTransactions = pgTable(
  'fund_company_transactions',
  {
    id: id(),
    company_id: reference('company_id')
      .notNull()
      .references(() => fundCompanies.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: FUND_COMPANY_TRANSACTION_KINDS }).notNull(),
    effective_on: date('effective_on').notNull(),
    /** positive on an original (null on a valuation); a reversal's is the negative of its original's */
    amount: money('amount'),
    shares: numeric('shares', { precision: 20, scale: 6 }),
    /** a valuation's value of the holding */
    valuation: money('valuation'),
    note: text('note'),
    reverses_id: reference('reverses_id').references((): AnyPgColumn => fundCompanyTransactions.id, {
      onDelete: 'restrict',
    }),
    reason: text('reason'),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('fund_company_transactions_reversed_once')
      .on(table.reverses_id)
      .where(sql`${table.reverses_id} is not null`),
    index('fund_company_transactions_company_index').on(table.company_id, table.effective_on, table.id),
    check(
      'fund_company_transactions_kind_known',
      sql`${table.kind} in (${inList(FUND_COMPANY_TRANSACTION_KINDS)})`,
    ),
    check(
      'fund_company_transactions_original_or_reversal',
      sql`(${table.reverses_id} is null and ${table.reason} is null and ((${table.kind} = 'valuation' and ${table.amount} is null and ${table.valuation} is not null and ${table.valuation} >= 0) or (${table.kind} = 'write_off' and (${table.amount} is null or ${table.amount} > 0) and ${table.valuation} is null) or (${table.kind} in (${inList(MONEY_KINDS)}) and ${table.amount} is not null and ${table.amount} > 0 and ${table.valuation} is null))) or (${table.reverses_id} is not null and ${table.reason} is not null and length(btrim(${table.reason})) > 0 and (${table.amount} is null or ${table.amount} < 0))`,
    ),
    check(
      'fund_company_transactions_shares_sign',
      sql`${table.shares} is null or (${table.reverses_id} is null and ${table.shares} > 0) or (${table.reverses_id} is not null and ${table.shares} < 0)`,
    ),
  ],
);

export const fundCompanyStatuses = pgTable(
  'fund_company_statuses',
  {
    id: id(),
    company_id: reference('company_id')
      .notNull()
      .references(() => fundCompanies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: FUND_COMPANY_STATUSES }).notNull(),
    effective_on: date('effective_on').notNull(),
    note: text('note'),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('fund_company_statuses_history_index').on(
      table.company_id,
      table.effective_on.desc(),
      table.id.desc(),
    ),
    check('fund_company_statuses_status_known', sql`${table.status} in (${inList(FUND_COMPANY_STATUSES)})`),
  ],
);

export type FundCompanyRow = typeof fundCompanies.$inferSelect;
export type FundCompanyTransactionRow = typeof fundCompanyTransactions.$inferSelect;
export type FundCompanyStatusRow = typeof fundCompanyStatuses.$inferSelect;

import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { TAX_RELIEF_SCHEMES } from '@portico/contracts';
import { id, inList, reference, timestamptz } from './columns';
import { fundCompanyTransactions } from './fund-companies';
import { holdingTransactions } from './investments';
import { users } from './users';

/*
 * EIS/SEIS relief certificates (issue 20, migration 0035): what staff record for a share issue to an investor,
 * a holding transaction (allotment or follow-on) or, for a fund, one of its company investments for one
 * investor. Kept for good (a trigger refuses DELETE and every UPDATE but the one withdrawal, which sets the
 * three withdrawal columns once); one certificate per share issue while not withdrawn (partial unique indexes).
 * A BEFORE INSERT trigger fills a direct certificate's investor from its holding transaction and refuses a
 * row that covers no share issue.
 */

export const taxReliefCertificates = pgTable(
  'tax_relief_certificates',
  {
    id: id(),
    holding_transaction_id: reference('holding_transaction_id').references(
      (): AnyPgColumn => holdingTransactions.id,
      { onDelete: 'restrict' },
    ),
    fund_company_transaction_id: reference('fund_company_transaction_id').references(
      (): AnyPgColumn => fundCompanyTransactions.id,
      { onDelete: 'restrict' },
    ),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    scheme: text('scheme', { enum: TAX_RELIEF_SCHEMES }).notNull(),
    reference: text('reference').notNull(),
    /** the London date the certificate was issued (never after the day it is recorded) */
    issued_on: date('issued_on').notNull(),
    recorded_by: reference('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    withdrawn_at: timestamptz('withdrawn_at'),
    withdrawn_by: reference('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
    withdrawal_reason: text('withdrawal_reason'),
  },
  (table) => [
    uniqueIndex('tax_relief_certificates_direct_current')
      .on(table.holding_transaction_id)
      .where(sql`${table.holding_transaction_id} is not null and ${table.withdrawn_at} is null`),
    uniqueIndex('tax_relief_certificates_fund_current')
      .on(table.fund_company_transaction_id, table.user_id)
      .where(sql`${table.fund_company_transaction_id} is not null and ${table.withdrawn_at} is null`),
    index('tax_relief_certificates_user_index').on(table.user_id),
    check('tax_relief_certificates_scheme_known', sql`${table.scheme} in (${inList(TAX_RELIEF_SCHEMES)})`),
    check(
      'tax_relief_certificates_one_share_issue',
      sql`num_nonnulls(${table.holding_transaction_id}, ${table.fund_company_transaction_id}) = 1`,
    ),
    check(
      'tax_relief_certificates_scheme_by_source',
      sql`(${table.holding_transaction_id} is not null and ${table.scheme} in ('eis3', 'seis3')) or (${table.fund_company_transaction_id} is not null and ${table.scheme} in ('eis5', 'seis3'))`,
    ),
    check(
      'tax_relief_certificates_reference_length',
      sql`char_length(btrim(${table.reference})) between 1 and 100`,
    ),
    check(
      'tax_relief_certificates_withdrawal',
      sql`(${table.withdrawn_at} is null and ${table.withdrawal_reason} is null) or (${table.withdrawn_at} is not null and ${table.withdrawal_reason} is not null and length(btrim(${table.withdrawal_reason})) > 0)`,
    ),
  ],
);

export type TaxReliefCertificateRow = typeof taxReliefCertificates.$inferSelect;

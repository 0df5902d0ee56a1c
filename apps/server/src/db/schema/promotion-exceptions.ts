import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { PROMOTION_EXCEPTION_TYPES } from '@portico/contracts';
import { id, inList, reference, timestamptz } from './columns';
import { organisations } from './crm';
import { documents } from './engagement';
import { users } from './users';

/*
 * Financial promotion exemptions (issue 21, migration 0040): per investor, the FPO exemption under which they may
 * receive a promotion, with its evidence and London dates (valid while effective_on <= today < expires_on). Kept
 * for good: a trigger refuses DELETE and every UPDATE but the one withdrawal (the three withdrawal columns, once)
 * and the database's own clearing of a deleted user or document.
 */
export const promotionExceptions = pgTable(
  'promotion_exceptions',
  {
    id: id(),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type', { enum: PROMOTION_EXCEPTION_TYPES }).notNull(),
    description: text('description'),
    evidence_reference: text('evidence_reference'),
    document_id: reference('document_id').references(() => documents.id, { onDelete: 'set null' }),
    effective_on: date('effective_on').notNull(),
    expires_on: date('expires_on'),
    recorded_by: reference('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    withdrawn_at: timestamptz('withdrawn_at'),
    withdrawn_by: reference('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
    withdrawal_reason: text('withdrawal_reason'),
  },
  (table) => [
    index('promotion_exceptions_user_index').on(table.user_id, table.effective_on),
    check('promotion_exceptions_type_known', sql`${table.type} in (${inList(PROMOTION_EXCEPTION_TYPES)})`),
    check(
      'promotion_exceptions_other_described',
      sql`${table.type} <> 'other' or length(btrim(coalesce(${table.description}, ''))) > 0`,
    ),
    check(
      'promotion_exceptions_dates',
      sql`${table.expires_on} is null or ${table.expires_on} > ${table.effective_on}`,
    ),
    check(
      'promotion_exceptions_withdrawal',
      sql`(${table.withdrawn_at} is null and ${table.withdrawal_reason} is null) or (${table.withdrawn_at} is not null and ${table.withdrawal_reason} is not null and length(btrim(${table.withdrawal_reason})) > 0)`,
    ),
  ],
);

export type PromotionExceptionRow = typeof promotionExceptions.$inferSelect;

/** The adviser and organisation a new investor is linked to while default_investor_associates is on; one row. */
export const defaultInvestorAssociates = pgTable(
  'default_investor_associates',
  {
    id: smallint('id').primaryKey().default(1),
    adviser_id: reference('adviser_id').references(() => users.id, { onDelete: 'set null' }),
    organisation_id: reference('organisation_id').references(() => organisations.id, {
      onDelete: 'set null',
    }),
    updated_by: reference('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
  },
  () => [check('default_investor_associates_one_row', sql`"id" = 1`)],
);

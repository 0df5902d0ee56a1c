import { FUND_TYPES, ISO_4217_CODES, TAX_RELIEFS } from '@portico/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { id, inList, reference, timestamps, timestamptz } from './columns';
import { users } from './users';

/*
 * Funds (issue 20, migration 0031): a pooled vehicle investors commit to, with its terms, its status
 * (1 Draft, 2 Live) and whether it is active (1 Active, 0 Closed). Its NAV history (fund_navs) is
 * append-only like share_prices: a trigger refuses deletion and changes to values; a correction is a new NAV
 * superseding the one it replaces. opportunities.fund_id (a fund's opportunity) is in the migration only
 * until the fund-opportunity slice.
 */

const percent = (name: string) => numeric(name, { precision: 5, scale: 2 });

export const funds = pgTable(
  'funds',
  {
    id: id(),
    name: text('name').notNull(),
    type: text('type', { enum: FUND_TYPES }).notNull().default('venture_capital'),
    vintage: integer('vintage'),
    currency: text('currency').notNull(),
    target_size: numeric('target_size', { precision: 14, scale: 2 }).notNull(),
    management_fee_percent: percent('management_fee_percent'),
    carried_interest_percent: percent('carried_interest_percent'),
    hurdle_percent: percent('hurdle_percent'),
    tax_relief: text('tax_relief', { enum: TAX_RELIEFS }).notNull().default('none'),
    status: smallint('status').notNull().default(1),
    active: smallint('active').notNull().default(1),
    description: text('description'),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    index('funds_name_index').on(table.name, table.id),
    check('funds_name_length', sql`char_length(btrim(${table.name})) between 1 and 200`),
    check('funds_type_known', sql`${table.type} in (${inList(FUND_TYPES)})`),
    check('funds_vintage_range', sql`${table.vintage} is null or ${table.vintage} between 1990 and 2100`),
    check('funds_currency_iso_4217', sql`${table.currency} in (${inList(ISO_4217_CODES)})`),
    check('funds_target_size_positive', sql`${table.target_size} > 0`),
    check(
      'funds_management_fee_percent_range',
      sql`${table.management_fee_percent} is null or ${table.management_fee_percent} between 0 and 100`,
    ),
    check(
      'funds_carried_interest_percent_range',
      sql`${table.carried_interest_percent} is null or ${table.carried_interest_percent} between 0 and 100`,
    ),
    check(
      'funds_hurdle_percent_range',
      sql`${table.hurdle_percent} is null or ${table.hurdle_percent} between 0 and 100`,
    ),
    check('funds_tax_relief_known', sql`${table.tax_relief} in (${inList(TAX_RELIEFS)})`),
    check('funds_status_known', sql`${table.status} in (1, 2)`),
    check('funds_active_known', sql`${table.active} in (0, 1)`),
  ],
);

/** A fund's net asset value at a date: append-only (a trigger), one current NAV a date. */
export const fundNavs = pgTable(
  'fund_navs',
  {
    id: id(),
    fund_id: reference('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'restrict' }),
    nav: numeric('nav', { precision: 16, scale: 2 }).notNull(),
    effective_on: date('effective_on').notNull(),
    note: text('note'),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    /** set once a later NAV for the same date replaced it */
    replaced_at: timestamptz('replaced_at'),
    replaced_by: reference('replaced_by').references(() => users.id, { onDelete: 'set null' }),
    superseded_by_id: reference('superseded_by_id').references((): AnyPgColumn => fundNavs.id, {
      onDelete: 'restrict',
    }),
  },
  (table) => [
    uniqueIndex('fund_navs_day_unique')
      .on(table.fund_id, table.effective_on)
      .where(sql`${table.replaced_at} is null`),
    index('fund_navs_history_index').on(table.fund_id, table.effective_on.desc(), table.id.desc()),
    check('fund_navs_nav_not_negative', sql`${table.nav} >= 0`),
    check(
      'fund_navs_superseded_when_replaced',
      sql`${table.superseded_by_id} is null or ${table.replaced_at} is not null`,
    ),
  ],
);

export type FundRow = typeof funds.$inferSelect;
export type FundNavRow = typeof fundNavs.$inferSelect;

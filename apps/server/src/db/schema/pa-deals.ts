import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PA_DEAL_EVENT_KINDS, PA_DEAL_SIDES } from '@portico/contracts';
import { id, inList, reference, timestamptz } from './columns';
import { opportunities, pipelineDeals } from './investments';
import { users } from './users';

/*
 * Personal-account dealing (issue 21, COBS 11.7; migration 0039): a staff member's request to deal for
 * themselves, and its events (approved or refused by compliance, withdrawn by its owner, executed). Both tables
 * are append-only: a trigger refuses UPDATE and DELETE. One outcome per request (approved, refused or
 * withdrawn) and one execution (partial unique indexes); an execution follows an approval (a trigger).
 */

export const paDeals = pgTable(
  'pa_deals',
  {
    id: id(),
    /** the staff member dealing for themselves */
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    instrument: text('instrument').notNull(),
    /** the issuer */
    company_name: text('company_name').notNull(),
    opportunity_id: reference('opportunity_id').references(() => opportunities.id, { onDelete: 'restrict' }),
    deal_id: reference('deal_id').references(() => pipelineDeals.id, { onDelete: 'restrict' }),
    side: text('side', { enum: PA_DEAL_SIDES }).notNull(),
    quantity: numeric('quantity', { precision: 20, scale: 6 }).notNull(),
    estimated_value: numeric('estimated_value', { precision: 19, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('pa_deals_user_index').on(table.user_id, table.created_at),
    index('pa_deals_created_index').on(table.created_at, table.id),
    check('pa_deals_side_known', sql`${table.side} in (${inList(PA_DEAL_SIDES)})`),
    check('pa_deals_quantity_positive', sql`${table.quantity} > 0`),
    check('pa_deals_estimated_value_positive', sql`${table.estimated_value} >= 0`),
    check('pa_deals_currency_code', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check('pa_deals_instrument_length', sql`char_length(btrim(${table.instrument})) between 1 and 255`),
    check('pa_deals_company_name_length', sql`char_length(btrim(${table.company_name})) between 1 and 255`),
    check('pa_deals_reason_length', sql`char_length(btrim(${table.reason})) between 1 and 2000`),
  ],
);

export const paDealEvents = pgTable(
  'pa_deal_events',
  {
    id: id(),
    pa_deal_id: reference('pa_deal_id')
      .notNull()
      .references(() => paDeals.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: PA_DEAL_EVENT_KINDS }).notNull(),
    /** a refusal's reason (required), an approval's note (optional) */
    reason: text('reason'),
    /** an execution's London trade date, price and quantity */
    executed_on: date('executed_on'),
    price: numeric('price', { precision: 19, scale: 6 }),
    quantity: numeric('quantity', { precision: 20, scale: 6 }),
    actor_id: reference('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pa_deal_events_one_decision')
      .on(table.pa_deal_id)
      .where(sql`${table.kind} in ('approved', 'refused', 'withdrawn')`),
    uniqueIndex('pa_deal_events_one_execution')
      .on(table.pa_deal_id)
      .where(sql`${table.kind} = 'executed'`),
    check('pa_deal_events_kind_known', sql`${table.kind} in (${inList(PA_DEAL_EVENT_KINDS)})`),
    check(
      'pa_deal_events_refusal_reason',
      sql`${table.kind} <> 'refused' or (${table.reason} is not null and char_length(btrim(${table.reason})) > 0)`,
    ),
    check(
      'pa_deal_events_execution',
      sql`(${table.kind} = 'executed' and ${table.executed_on} is not null and ${table.price} is not null and ${table.price} > 0 and ${table.quantity} is not null and ${table.quantity} > 0) or (${table.kind} <> 'executed' and ${table.executed_on} is null and ${table.price} is null and ${table.quantity} is null)`,
    ),
  ],
);

export type PaDealRow = typeof paDeals.$inferSelect;
export type PaDealEventRow = typeof paDealEvents.$inferSelect;

import { sql } from 'drizzle-orm';
import { bigint, check, index, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, reference, timestamptz } from './columns';
import { users } from './users';
import { investments, opportunities } from './investments';

/*
 * Re-pricing (issue 18, decision 021, migration 0023): the one way a round's share price moves once it
 * has investments. A trigger on opportunities refuses any other change of the price while the round holds
 * investments, and a lowered maximum below what is committed; both tables here are never edited.
 */

/** One re-pricing of a round: the price before and after, who, when and why. */
export const opportunityRepricings = pgTable(
  'opportunity_repricings',
  {
    id: id(),
    opportunity_id: reference('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    old_price: numeric('old_price', { precision: 20, scale: 6 }).notNull(),
    new_price: numeric('new_price', { precision: 20, scale: 6 }).notNull(),
    reason: text('reason').notNull(),
    repriced_by: reference('repriced_by').references(() => users.id, { onDelete: 'set null' }),
    /** txid_current() of the transaction that re-priced: the trigger lets the price move only in it */
    transaction_id: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('opportunity_repricings_opportunity_index').on(table.opportunity_id),
    check(
      'opportunity_repricings_price_changes',
      sql`${table.new_price} > 0 and ${table.new_price} <> ${table.old_price}`,
    ),
    check('opportunity_repricings_reason_given', sql`length(btrim(${table.reason})) > 0`),
  ],
);

/** Each investment a re-pricing recomputed: its shares and amount before and after. */
export const opportunityRepricingInvestments = pgTable(
  'opportunity_repricing_investments',
  {
    id: id(),
    repricing_id: reference('repricing_id')
      .notNull()
      .references(() => opportunityRepricings.id, { onDelete: 'cascade' }),
    investment_id: reference('investment_id')
      .notNull()
      .references(() => investments.id, { onDelete: 'restrict' }),
    shares_before: numeric('shares_before', { precision: 20, scale: 6 }),
    amount_before: numeric('amount_before', { precision: 14, scale: 2 }).notNull(),
    shares_after: numeric('shares_after', { precision: 20, scale: 6 }).notNull(),
    amount_after: numeric('amount_after', { precision: 14, scale: 2 }).notNull(),
  },
  (table) => [
    uniqueIndex('opportunity_repricing_investments_unique').on(table.repricing_id, table.investment_id),
    index('opportunity_repricing_investments_investment_index').on(table.investment_id),
    check(
      'opportunity_repricing_investments_never_more',
      sql`${table.amount_after} > 0 and ${table.amount_after} <= ${table.amount_before}`,
    ),
  ],
);

export type OpportunityRepricingRow = typeof opportunityRepricings.$inferSelect;

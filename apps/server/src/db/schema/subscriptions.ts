import { sql } from 'drizzle-orm';
import { check, date, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ISO_4217_CODES, SUBSCRIPTION_STATUSES } from '@portico/contracts';
import { id, inList, reference, timestamps } from './columns';
import { users } from './users';

/** An investor's membership of the platform, as staff configured it: one per investor. */
export const investorSubscriptions = pgTable(
  'investor_subscriptions',
  {
    id: id(),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan_name: text('plan_name').notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    started_at: date('started_at').notNull(),
    renews_at: date('renews_at'),
    /** money as numeric, read and written as a decimal string */
    amount: numeric('amount', { precision: 12, scale: 2 }),
    currency: text('currency').notNull().default('GBP'),
    notes: text('notes'),
    ...timestamps(),
  },
  (table) => [
    // One membership per investor: a PUT is an upsert on this index, however many arrive at once.
    uniqueIndex('investor_subscriptions_user_unique').on(table.user_id),
    check('investor_subscriptions_currency_iso_4217', sql`${table.currency} in (${inList(ISO_4217_CODES)})`),
  ],
);
export type InvestorSubscriptionRow = typeof investorSubscriptions.$inferSelect;

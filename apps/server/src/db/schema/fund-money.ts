import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { DISTRIBUTION_KINDS, FEE_KINDS, FUND_MOVEMENT_TYPES } from '@portico/contracts';
import { id, inList, reference, timestamptz } from './columns';
import { funds } from './funds';
import { investments } from './investments';
import { users } from './users';

/*
 * A fund's money (issue 20, migration 0032, decision 026). Every table is append-only (a trigger refuses UPDATE
 * and DELETE). A capital call's lines each call part of one commitment (an investment in one of the fund's
 * opportunities): a trigger adds the line to investments.called_amount, which a check keeps within the
 * commitment. Distributions and fees are movements, each with one ledger entry per commitment; a reversal is a
 * new movement with the entries negated. The lines of a call and the entries of a movement sum to its total
 * (deferred triggers, checked at commit).
 */

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const fundCapitalCalls = pgTable(
  'fund_capital_calls',
  {
    id: id(),
    fund_id: reference('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'restrict' }),
    /** the percentage of commitments called; null for a call of an amount */
    percent: numeric('percent', { precision: 5, scale: 2 }),
    total: money('total').notNull(),
    due_date: date('due_date').notNull(),
    message: text('message'),
    /** the request that made it (its Idempotency-Key, else the server's own key): one call per request */
    request_key: text('request_key').notNull(),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('fund_capital_calls_request_unique').on(table.fund_id, table.request_key),
    index('fund_capital_calls_fund_index').on(table.fund_id, table.id),
    check('fund_capital_calls_total_positive', sql`${table.total} > 0`),
    check(
      'fund_capital_calls_percent_range',
      sql`${table.percent} is null or (${table.percent} > 0 and ${table.percent} <= 100)`,
    ),
  ],
);

export const fundCapitalCallLines = pgTable(
  'fund_capital_call_lines',
  {
    id: id(),
    call_id: reference('call_id')
      .notNull()
      .references(() => fundCapitalCalls.id, { onDelete: 'restrict' }),
    investment_id: reference('investment_id')
      .notNull()
      .references(() => investments.id, { onDelete: 'restrict' }),
    /** the commitment's investor (filled by the trigger) */
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
  },
  (table) => [
    uniqueIndex('fund_capital_call_lines_once').on(table.call_id, table.investment_id),
    index('fund_capital_call_lines_investment_index').on(table.investment_id, table.call_id),
    check('fund_capital_call_lines_amount_positive', sql`${table.amount} > 0`),
  ],
);

export const fundMovements = pgTable(
  'fund_movements',
  {
    id: id(),
    fund_id: reference('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'restrict' }),
    type: text('type', { enum: FUND_MOVEMENT_TYPES }).notNull(),
    kind: text('kind').notNull(),
    /** positive; a reversal's is the negative of what it reverses */
    total: money('total').notNull(),
    effective_on: date('effective_on').notNull(),
    note: text('note'),
    request_key: text('request_key'),
    reverses_id: reference('reverses_id').references((): AnyPgColumn => fundMovements.id, {
      onDelete: 'restrict',
    }),
    reason: text('reason'),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('fund_movements_request_unique')
      .on(table.fund_id, table.request_key)
      .where(sql`${table.request_key} is not null`),
    uniqueIndex('fund_movements_reversed_once')
      .on(table.reverses_id)
      .where(sql`${table.reverses_id} is not null`),
    index('fund_movements_fund_index').on(table.fund_id, table.effective_on, table.id),
    check(
      'fund_movements_kind_by_type',
      sql`(${table.type} = 'distribution' and ${table.kind} in (${inList(DISTRIBUTION_KINDS)})) or (${table.type} = 'fee' and ${table.kind} in (${inList(FEE_KINDS)}))`,
    ),
    check(
      'fund_movements_original_or_reversal',
      sql`(${table.reverses_id} is null and ${table.total} > 0 and ${table.request_key} is not null) or (${table.reverses_id} is not null and ${table.total} < 0 and ${table.reason} is not null and length(trim(${table.reason})) > 0)`,
    ),
  ],
);

export const fundLedgerEntries = pgTable(
  'fund_ledger_entries',
  {
    id: id(),
    movement_id: reference('movement_id')
      .notNull()
      .references(() => fundMovements.id, { onDelete: 'restrict' }),
    /** the movement's fund, type and date, and the commitment's investor: filled by the trigger */
    fund_id: reference('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'restrict' }),
    investment_id: reference('investment_id')
      .notNull()
      .references(() => investments.id, { onDelete: 'restrict' }),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type', { enum: FUND_MOVEMENT_TYPES }).notNull(),
    /** what the commitment received (a distribution) or bore (a fee); negative in a reversal */
    amount: money('amount').notNull(),
    effective_on: date('effective_on').notNull(),
  },
  (table) => [
    uniqueIndex('fund_ledger_entries_once').on(table.movement_id, table.investment_id),
    index('fund_ledger_entries_investment_index').on(table.investment_id),
    check('fund_ledger_entries_type_known', sql`${table.type} in (${inList(FUND_MOVEMENT_TYPES)})`),
    check('fund_ledger_entries_amount_not_zero', sql`${table.amount} <> 0`),
  ],
);

export type FundCapitalCallRow = typeof fundCapitalCalls.$inferSelect;
export type FundCapitalCallLineRow = typeof fundCapitalCallLines.$inferSelect;
export type FundMovementRow = typeof fundMovements.$inferSelect;
export type FundLedgerEntryRow = typeof fundLedgerEntries.$inferSelect;

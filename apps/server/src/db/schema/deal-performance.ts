import { sql } from 'drizzle-orm';
import { check, date, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, reference, timestamps } from './columns';
import { pipelineDeals } from './investments';

/**
 * A pipeline deal's reported figures for one period (spec §2.1, deals/{id}/performance): what the company
 * told us it made, earned and held. Money is numeric(14,2) and may be negative (a loss, a cash burn).
 */
const signedMoney = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const dealPerformance = pgTable(
  'deal_performance',
  {
    id: id(),
    pipeline_deal_id: reference('pipeline_deal_id')
      .notNull()
      .references(() => pipelineDeals.id, { onDelete: 'cascade' }),
    /** the period's last day (a month or quarter end, a financial year end) */
    period: date('period').notNull(),
    revenue: signedMoney('revenue'),
    gross_profit: signedMoney('gross_profit'),
    ebitda: signedMoney('ebitda'),
    cash: signedMoney('cash'),
    headcount: integer('headcount'),
    notes: text('notes'),
    ...timestamps(),
  },
  (table) => [
    // one row per period of a deal
    uniqueIndex('deal_performance_period_unique').on(table.pipeline_deal_id, table.period),
    check('deal_performance_headcount_positive', sql`${table.headcount} is null or ${table.headcount} >= 0`),
  ],
);

export type DealPerformanceRow = typeof dealPerformance.$inferSelect;

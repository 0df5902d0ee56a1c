import { PORTFOLIO_SETTING_KINDS } from '@portico/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, inList, timestamptz } from './columns';

/**
 * Settings → investor → portfolio and portfolio-stats (issue 21): one row per column of the investor's
 * holdings table (`kind` column) and per headline figure above it (`kind` stat), seeded with what the page
 * showed before. A null label follows the terminology.
 */
export const portfolioSettings = pgTable(
  'portfolio_settings',
  {
    id: id(),
    kind: text('kind', { enum: PORTFOLIO_SETTING_KINDS }).notNull(),
    key: text('key').notNull(),
    position: integer('position').notNull(),
    shown: boolean('shown').notNull(),
    label: text('label'),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('portfolio_settings_kind_key_unique').on(table.kind, table.key),
    check('portfolio_settings_kind_known', sql`${table.kind} in (${inList(PORTFOLIO_SETTING_KINDS)})`),
    check(
      'portfolio_settings_label_length',
      sql`${table.label} is null or char_length(btrim(${table.label})) between 1 and 60`,
    ),
  ],
);
export type PortfolioSettingRow = typeof portfolioSettings.$inferSelect;

import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, reference, timestamptz } from './columns';
import { opportunities, pipelineDeals } from './investments';
import { users } from './users';

/*
 * MAR Article 18 insider lists (issue 21, migration 0038), in the template of EU 2016/347 as amended by
 * 2022/1210: a deal-specific section per pipeline deal or draft opportunity, and one permanent-insiders section.
 * A list's created_at is when the inside information was identified. A person's entry is versioned: a change is
 * a new row with the next version of the same entry_id (the current entry is the highest version). Triggers refuse
 * every UPDATE and DELETE of both tables (but the database's own clearing of a deleted user's reference) and give
 * a new entry its own id as entry_id.
 */

export const insiderLists = pgTable(
  'insider_lists',
  {
    id: id(),
    deal_id: reference('deal_id').references(() => pipelineDeals.id, { onDelete: 'restrict' }),
    opportunity_id: reference('opportunity_id').references(() => opportunities.id, { onDelete: 'restrict' }),
    permanent: boolean('permanent').notNull().default(false),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** when the inside information was identified (the section's creation) */
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('insider_lists_deal_unique')
      .on(table.deal_id)
      .where(sql`${table.deal_id} is not null`),
    uniqueIndex('insider_lists_opportunity_unique')
      .on(table.opportunity_id)
      .where(sql`${table.opportunity_id} is not null`),
    uniqueIndex('insider_lists_permanent_unique')
      .on(table.permanent)
      .where(sql`${table.permanent}`),
    check(
      'insider_lists_one_subject',
      sql`num_nonnulls(${table.deal_id}, ${table.opportunity_id}) + ${table.permanent}::int = 1`,
    ),
  ],
);
export type InsiderListRow = typeof insiderLists.$inferSelect;

export const insiderListEntries = pgTable(
  'insider_list_entries',
  {
    id: id(),
    /** the person's entry across versions; the trigger sets it to the row's own id for version 1 */
    entry_id: reference('entry_id')
      .notNull()
      .default(sql`null`),
    version: integer('version')
      .notNull()
      .default(sql`null`),
    list_id: reference('list_id')
      .notNull()
      .references(() => insiderLists.id, { onDelete: 'restrict' }),
    deal_id: reference('deal_id').references(() => pipelineDeals.id, { onDelete: 'restrict' }),
    opportunity_id: reference('opportunity_id').references(() => opportunities.id, { onDelete: 'restrict' }),
    permanent: boolean('permanent').notNull().default(false),
    /** the staff member, when the insider is one */
    user_id: reference('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** the investor, when the insider is one (overrides the row derived from their sounding) */
    investor_id: reference('investor_id').references(() => users.id, { onDelete: 'set null' }),
    first_names: text('first_names').notNull(),
    surnames: text('surnames').notNull(),
    birth_surnames: text('birth_surnames'),
    professional_phones: text('professional_phones'),
    company_name_address: text('company_name_address'),
    function_reason: text('function_reason').notNull(),
    /** obtained access (deal sections); included (the permanent section) */
    obtained_at: timestamptz('obtained_at').notNull(),
    ceased_at: timestamptz('ceased_at'),
    date_of_birth: date('date_of_birth'),
    national_id: text('national_id'),
    personal_phones: text('personal_phones'),
    personal_address: text('personal_address'),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('insider_list_entries_entry_version_unique').on(table.entry_id, table.version),
    index('insider_list_entries_list_index').on(table.list_id, table.entry_id, table.version),
    index('insider_list_entries_user_index')
      .on(table.user_id)
      .where(sql`${table.user_id} is not null`),
    index('insider_list_entries_investor_index')
      .on(table.investor_id)
      .where(sql`${table.investor_id} is not null`),
    // one entry per staff member or investor on a list (its first version stands for it)
    uniqueIndex('insider_list_entries_user_once')
      .on(table.list_id, table.user_id)
      .where(sql`${table.version} = 1 and ${table.user_id} is not null`),
    uniqueIndex('insider_list_entries_investor_once')
      .on(table.list_id, table.investor_id)
      .where(sql`${table.version} = 1 and ${table.investor_id} is not null`),
    check('insider_list_entries_version_positive', sql`${table.version} >= 1`),
    check(
      'insider_list_entries_one_subject',
      sql`num_nonnulls(${table.deal_id}, ${table.opportunity_id}) + ${table.permanent}::int = 1`,
    ),
    check('insider_list_entries_one_person', sql`num_nonnulls(${table.user_id}, ${table.investor_id}) <= 1`),
    check(
      'insider_list_entries_names',
      sql`length(btrim(${table.first_names})) > 0 and length(btrim(${table.surnames})) > 0 and length(btrim(${table.function_reason})) > 0`,
    ),
    check(
      'insider_list_entries_ceased_after_obtained',
      sql`${table.ceased_at} is null or ${table.ceased_at} >= ${table.obtained_at}`,
    ),
  ],
);
export type InsiderListEntryRow = typeof insiderListEntries.$inferSelect;

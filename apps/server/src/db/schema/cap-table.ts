import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CAP_TABLE_CLASS_KINDS, CAP_TABLE_HOLDER_KINDS } from '@portico/contracts';
import { id, inList, reference, timestamps } from './columns';
import { opportunities } from './investments';
import { users } from './users';

/*
 * An existing investment's whole cap table (issue 18, decision 020, migration 0024): its share classes and
 * its holders off the platform. Platform holdings are the holding_transactions of the same opportunity.
 */

/**
 * A share class of the company: issued shares (count in % of the company) or options / warrants / the
 * pool (count only fully diluted). Issued ordinary shares carry statutory pre-emption by default; options
 * never do (a check).
 */
export const capTableClasses = pgTable(
  'cap_table_classes',
  {
    id: id(),
    opportunity_id: reference('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: CAP_TABLE_CLASS_KINDS }).notNull().default('shares'),
    pre_emptive: boolean('pre_emptive').notNull().default(true),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('cap_table_classes_name_unique').on(table.opportunity_id, sql`lower(${table.name})`),
    uniqueIndex('cap_table_classes_id_opportunity_unique').on(table.id, table.opportunity_id),
    check('cap_table_classes_kind_known', sql`${table.kind} in (${inList(CAP_TABLE_CLASS_KINDS)})`),
    check('cap_table_classes_name_length', sql`char_length(btrim(${table.name})) between 1 and 100`),
    check(
      'cap_table_classes_options_not_pre_emptive',
      sql`${table.kind} = 'shares' or not ${table.pre_emptive}`,
    ),
  ],
);

/** A holder off the platform (a founder, another investor, the option pool) of one class. */
export const capTableHolders = pgTable(
  'cap_table_holders',
  {
    id: id(),
    opportunity_id: reference('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    class_id: reference('class_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: CAP_TABLE_HOLDER_KINDS }).notNull(),
    shares: numeric('shares', { precision: 20, scale: 6 }).notNull(),
    note: text('note'),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    // the class belongs to the same company; a class with holders cannot be removed
    foreignKey({
      name: 'cap_table_holders_class_fk',
      columns: [table.class_id, table.opportunity_id],
      foreignColumns: [capTableClasses.id, capTableClasses.opportunity_id],
    }).onDelete('restrict'),
    uniqueIndex('cap_table_holders_name_unique').on(table.class_id, sql`lower(${table.name})`),
    index('cap_table_holders_opportunity_index').on(table.opportunity_id),
    check('cap_table_holders_kind_known', sql`${table.kind} in (${inList(CAP_TABLE_HOLDER_KINDS)})`),
    check('cap_table_holders_shares_positive', sql`${table.shares} > 0`),
    check('cap_table_holders_name_length', sql`char_length(btrim(${table.name})) between 1 and 200`),
  ],
);

export type CapTableClassRow = typeof capTableClasses.$inferSelect;
export type CapTableHolderRow = typeof capTableHolders.$inferSelect;

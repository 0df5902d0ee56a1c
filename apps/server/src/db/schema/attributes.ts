import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ATTRIBUTE_FIELD_TYPES, ATTRIBUTE_SUBJECT_TYPES, KPI_UNITS } from '@portico/contracts';
import { id, inList, reference, timestamps } from './columns';

/*
 * Settings → attributes (issue 10): KPI definitions (their values come with reporting) and the custom
 * attributes staff add to records, with each record's values.
 */

export const kpiCategories = pgTable(
  'kpi_categories',
  {
    id: id(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (table) => [uniqueIndex('kpi_categories_name_unique').on(sql`lower(${table.name})`)],
);

/** A metric portfolio companies report (revenue, ARR, burn, headcount), in one category. */
export const kpis = pgTable(
  'kpis',
  {
    id: id(),
    kpi_category_id: reference('kpi_category_id')
      .notNull()
      .references(() => kpiCategories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    unit: text('unit', { enum: KPI_UNITS }).notNull(),
    description: text('description'),
    /** order within its category, from 0 */
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('kpis_name_unique').on(sql`lower(${table.name})`),
    index('kpis_category_index').on(table.kpi_category_id, table.position),
    check('kpis_unit_known', sql`${table.unit} in (${inList(KPI_UNITS)})`),
  ],
);

/**
 * A custom attribute staff add to one kind of record. A locked attribute's definition (name, type,
 * options) cannot change until a role with attributes_lock unlocks it (docs/decisions/012).
 */
export const attributes = pgTable(
  'attributes',
  {
    id: id(),
    name: text('name').notNull(),
    applies_to: text('applies_to', { enum: ATTRIBUTE_SUBJECT_TYPES }).notNull(),
    type: text('type', { enum: ATTRIBUTE_FIELD_TYPES }).notNull(),
    help_text: text('help_text'),
    /** order within the records it applies to, from 0 */
    position: integer('position').notNull().default(0),
    locked: boolean('locked').notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('attributes_name_unique').on(table.applies_to, sql`lower(${table.name})`),
    // lets a value's (attribute, subject type) pair reference an attribute of that very record type
    uniqueIndex('attributes_applies_to_unique').on(table.id, table.applies_to),
    index('attributes_applies_to_index').on(table.applies_to, table.position),
    check('attributes_applies_to_known', sql`${table.applies_to} in (${inList(ATTRIBUTE_SUBJECT_TYPES)})`),
    check('attributes_type_known', sql`${table.type} in (${inList(ATTRIBUTE_FIELD_TYPES)})`),
  ],
);

/** The choices of a select or multi_select attribute. */
export const attributeOptions = pgTable(
  'attribute_options',
  {
    id: id(),
    attribute_id: reference('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('attribute_options_label_unique').on(table.attribute_id, sql`lower(${table.label})`),
  ],
);

/**
 * One record's value of one attribute, as JSON: text, number (a decimal string) and date (YYYY-MM-DD)
 * are strings, boolean a boolean, select an option id, multi_select an array of option ids.
 */
export const attributeValues = pgTable(
  'attribute_values',
  {
    id: id(),
    attribute_id: reference('attribute_id').notNull(),
    subject_type: text('subject_type', { enum: ATTRIBUTE_SUBJECT_TYPES }).notNull(),
    subject_id: reference('subject_id').notNull(),
    value: jsonb('value').notNull(),
    ...timestamps(),
  },
  (table) => [
    // A value belongs to an attribute of its record's type.
    foreignKey({
      name: 'attribute_values_attribute_fk',
      columns: [table.attribute_id, table.subject_type],
      foreignColumns: [attributes.id, attributes.applies_to],
    }).onDelete('cascade'),
    uniqueIndex('attribute_values_subject_unique').on(
      table.subject_type,
      table.subject_id,
      table.attribute_id,
    ),
    index('attribute_values_attribute_index').on(table.attribute_id),
  ],
);

export type AttributeRow = typeof attributes.$inferSelect;
export type AttributeOptionRow = typeof attributeOptions.$inferSelect;
export type KpiRow = typeof kpis.$inferSelect;

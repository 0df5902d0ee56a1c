import { z } from 'zod';
import { defineListQuery, paginatedSchema } from '../list-query';
import { idSchema, timestampSchema } from '../schemas/common';
import { optionalText } from '../crm/subjects';

/** The records custom attributes can be added to (a subset of SUBJECT_TYPES). */
export const ATTRIBUTE_SUBJECT_TYPES = [
  'investor',
  'contact',
  'organisation',
  'pipeline_deal',
  'opportunity',
] as const;
export type AttributeSubjectType = (typeof ATTRIBUTE_SUBJECT_TYPES)[number];

export const ATTRIBUTE_SUBJECT_LABELS: Record<AttributeSubjectType, string> = {
  investor: 'Investors',
  contact: 'Contacts',
  organisation: 'Organisations',
  pipeline_deal: 'Deals',
  opportunity: 'Opportunities',
};

export const ATTRIBUTE_FIELD_TYPES = ['text', 'number', 'date', 'boolean', 'select', 'multi_select'] as const;
export type AttributeFieldType = (typeof ATTRIBUTE_FIELD_TYPES)[number];

export const ATTRIBUTE_FIELD_TYPE_LABELS: Record<AttributeFieldType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  boolean: 'Yes / no',
  select: 'One choice from a list',
  multi_select: 'Several choices from a list',
};

/** Types whose values are chosen from the attribute's options. */
export const hasOptions = (type: AttributeFieldType) => type === 'select' || type === 'multi_select';

/** A number attribute's value: a decimal string, never a float (up to 15 digits, 6 decimals). */
export const ATTRIBUTE_NUMBER_PATTERN = /^-?\d{1,15}(\.\d{1,6})?$/;
export const ATTRIBUTE_TEXT_MAX = 2000;

export const attributeOptionSchema = z
  .object({ id: idSchema, label: z.string(), position: z.number().int() })
  .meta({ id: 'AttributeOption' });
export type AttributeOption = z.infer<typeof attributeOptionSchema>;

export const attributeSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    applies_to: z.enum(ATTRIBUTE_SUBJECT_TYPES),
    type: z.enum(ATTRIBUTE_FIELD_TYPES),
    help_text: z.string().nullable(),
    position: z.number().int(),
    /** its definition cannot change while locked (docs/decisions/012-attribute-lock.md) */
    locked: z.boolean(),
    options: z.array(attributeOptionSchema),
    /** the records that have a value */
    values_count: z.number().int(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Attribute' });
export type Attribute = z.infer<typeof attributeSchema>;

export const attributeListSchema = paginatedSchema(attributeSchema.partial());

const attributeName = z.string().trim().min(1).max(100);
const optionLabel = z.string().trim().min(1).max(100);
const fieldType = z.enum(ATTRIBUTE_FIELD_TYPES, {
  error: 'The :attribute field must be text, number, date, boolean, select or multi_select.',
});

export const attributeInputSchema = z
  .object({
    name: attributeName,
    applies_to: z.enum(ATTRIBUTE_SUBJECT_TYPES, {
      error: 'The :attribute field must be investor, contact, organisation, pipeline_deal or opportunity.',
    }),
    type: fieldType,
    help_text: optionalText(500),
    /** the choices of a select or multi_select, in order */
    options: z
      .array(z.object({ label: optionLabel }))
      .max(200)
      .optional(),
  })
  .meta({ id: 'NewAttribute' });
export type AttributeInput = z.input<typeof attributeInputSchema>;

export const attributeChangesSchema = z
  .object({
    name: attributeName.optional(),
    type: fieldType.optional(),
    help_text: optionalText(500),
    /** every option wanted, in order: an id keeps (and may rename) an option, no id adds one; the rest go */
    options: z
      .array(z.object({ id: z.number().int().positive().optional(), label: optionLabel }))
      .max(200)
      .optional(),
    /** only roles with attributes_lock may send it */
    locked: z.boolean().optional(),
  })
  .meta({ id: 'AttributeChanges' });
export type AttributeChanges = z.input<typeof attributeChangesSchema>;

export const attributeReorderInputSchema = z
  .object({
    applies_to: z.enum(ATTRIBUTE_SUBJECT_TYPES),
    ids: z.array(z.number().int().positive()).min(1).max(1000),
  })
  .meta({ id: 'AttributeReorder' });

export const ATTRIBUTE_FIELDS = [
  'id',
  'name',
  'applies_to',
  'type',
  'help_text',
  'position',
  'locked',
  'options',
  'values_count',
  'created_at',
  'updated_at',
] as const;

export const attributesListQuery = defineListQuery({
  table: 'attributes',
  filters: { name: 'partial', applies_to: 'exact', type: 'exact' },
  sorts: ['applies_to', 'position', 'name', 'created_at'],
  defaultSort: ['applies_to', 'position'],
  includes: [],
  fields: ATTRIBUTE_FIELDS,
  appends: [],
});

export const ATTRIBUTE_COLUMNS = [
  { key: 'name', label: 'Name', default: true },
  { key: 'applies_to', label: 'Applies to', default: true },
  { key: 'type', label: 'Type', default: true },
  { key: 'values_count', label: 'Records with a value', default: true },
  { key: 'locked', label: 'Locked', default: true },
] as const;

/** A stored value: text, number (decimal string) and date (YYYY-MM-DD) as strings, boolean, option ids. */
export const attributeValueSchema = z.union([
  z.string(),
  z.boolean(),
  z.number().int(),
  z.array(z.number().int()),
]);
export type AttributeValue = z.infer<typeof attributeValueSchema>;

/** One attribute of a record, with its value (null when unset) and that value as words. */
export const recordAttributeValueSchema = z
  .object({
    attribute_id: idSchema,
    name: z.string(),
    type: z.enum(ATTRIBUTE_FIELD_TYPES),
    help_text: z.string().nullable(),
    options: z.array(attributeOptionSchema),
    value: attributeValueSchema.nullable(),
    /** the value as a person reads it ("Yes", "Fintech, Climate"); null when unset */
    display: z.string().nullable(),
  })
  .meta({ id: 'RecordAttributeValue' });
export type RecordAttributeValue = z.infer<typeof recordAttributeValueSchema>;

/**
 * PUT /api/{record}/{id}/attribute-values: values by attribute id; null, "" or [] clears one, an
 * attribute not named is left as it is. Each value is checked against its attribute's type and options.
 */
export const attributeValuesInputSchema = z
  .object({
    values: z.record(z.string().regex(/^[1-9]\d{0,15}$/), z.unknown()),
  })
  .meta({ id: 'AttributeValuesChanges' });
export type AttributeValuesInput = z.input<typeof attributeValuesInputSchema>;

/** GET /api/user?include=attributeValues: the signed-in investor's own values. */
export const userAttributeValueSchema = z
  .object({
    attribute_id: idSchema,
    name: z.string(),
    type: z.enum(ATTRIBUTE_FIELD_TYPES),
    value: attributeValueSchema,
    display: z.string(),
  })
  .meta({ id: 'UserAttributeValue' });
export type UserAttributeValue = z.infer<typeof userAttributeValueSchema>;

import { z } from 'zod';
import type { FeatureKey } from '../feature-flags';
import { defineListQuery, paginatedSchema } from '../list-query';
import type { Resource } from '../permissions';
import { idSchema, timestampSchema } from '../schemas/common';

/**
 * The named, ordered lists of Settings → attributes (spec §2.1): industries, investment types and
 * sub-types, investment categories and characters (behind investmentClassification) and KPI categories.
 * One shape, one server helper and one web page, configured here once for each.
 */
export const CLASSIFICATION_KINDS = [
  'industries',
  'investment_types',
  'investment_sub_types',
  'investment_categories',
  'investment_characters',
  'kpi_categories',
] as const;
export type ClassificationKind = (typeof CLASSIFICATION_KINDS)[number];

export interface ClassificationList {
  readonly kind: ClassificationKind;
  /** the API path under /api and the page under /admin/settings/attributes */
  readonly path: string;
  readonly label: string;
  /** one entry, in a sentence: "industry" */
  readonly singular: string;
  /** the permission guarding changes; reading is open to every staff role (forms need the options) */
  readonly resource: Resource;
  readonly feature?: FeatureKey;
  /** each entry belongs to one of another list's entries (a sub-type to a type) */
  readonly parent?: { readonly field: 'investment_type_id'; readonly kind: ClassificationKind };
}

export const CLASSIFICATION_LISTS = {
  industries: {
    kind: 'industries',
    path: 'industries',
    label: 'Industries',
    singular: 'industry',
    resource: 'industries',
  },
  investment_types: {
    kind: 'investment_types',
    path: 'investment-types',
    label: 'Investment types',
    singular: 'investment type',
    resource: 'investment_opportunity_types',
  },
  investment_sub_types: {
    kind: 'investment_sub_types',
    path: 'investment-sub-types',
    label: 'Investment sub-types',
    singular: 'investment sub-type',
    resource: 'investment_opportunity_sub_types',
    parent: { field: 'investment_type_id', kind: 'investment_types' },
  },
  investment_categories: {
    kind: 'investment_categories',
    path: 'investment-categories',
    label: 'Investment categories',
    singular: 'investment category',
    resource: 'attributes',
    feature: 'investmentClassification',
  },
  investment_characters: {
    kind: 'investment_characters',
    path: 'investment-characters',
    label: 'Investment characters',
    singular: 'investment character',
    resource: 'attributes',
    feature: 'investmentClassification',
  },
  kpi_categories: {
    kind: 'kpi_categories',
    path: 'kpi-categories',
    label: 'KPI categories',
    singular: 'KPI category',
    resource: 'attributes',
  },
} as const satisfies Record<ClassificationKind, ClassificationList>;

export const classificationSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    /** order in the list, from 0 */
    position: z.number().int(),
    /** sub-types only: the investment type it belongs to */
    investment_type_id: idSchema.optional(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'ClassificationEntry' });
export type ClassificationEntry = z.infer<typeof classificationSchema>;

export const classificationListSchema = paginatedSchema(classificationSchema.partial());

export const classificationNameSchema = z.string().trim().min(1).max(100);

export const classificationInputSchema = z
  .object({
    name: classificationNameSchema,
    /** required for sub-types: the investment type it belongs to */
    investment_type_id: z.number().int().positive().optional(),
  })
  .meta({ id: 'NewClassificationEntry' });
export type ClassificationInput = z.input<typeof classificationInputSchema>;

export const classificationChangesSchema = z
  .object({ name: classificationNameSchema })
  .meta({ id: 'ClassificationEntryChanges' });

/** Every entry's id once, in the order wanted (for sub-types: every sub-type of one type). */
export const reorderInputSchema = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(1000),
    investment_type_id: z.number().int().positive().optional(),
  })
  .meta({ id: 'Reorder' });
export type ReorderInput = z.input<typeof reorderInputSchema>;

export const CLASSIFICATION_FIELDS = [
  'id',
  'name',
  'position',
  'investment_type_id',
  'created_at',
  'updated_at',
] as const;

export const classificationListQuery = defineListQuery({
  table: 'classifications',
  filters: { name: 'partial', investment_type_id: 'exact' },
  sorts: ['position', 'name', 'created_at'],
  defaultSort: ['position'],
  includes: [],
  fields: CLASSIFICATION_FIELDS,
  appends: [],
});

export const CLASSIFICATION_COLUMNS = [
  { key: 'position', label: 'Position', default: true },
  { key: 'name', label: 'Name', default: true },
  { key: 'created_at', label: 'Added', default: false },
] as const;

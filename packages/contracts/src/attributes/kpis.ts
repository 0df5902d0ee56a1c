import { z } from 'zod';
import { defineListQuery, paginatedSchema } from '../list-query';
import { idSchema, timestampSchema } from '../schemas/common';
import { optionalText } from '../crm/subjects';

/** How a KPI's values read (DOMAIN.md, Reporting): money in the deployment's currency, a count, a rate, words. */
export const KPI_UNITS = ['currency', 'number', 'percentage', 'text'] as const;
export type KpiUnit = (typeof KPI_UNITS)[number];

export const KPI_UNIT_LABELS: Record<KpiUnit, string> = {
  currency: 'Currency (£)',
  number: 'Number',
  percentage: 'Percentage',
  text: 'Text',
};

export const kpiSchema = z
  .object({
    id: idSchema,
    kpi_category_id: idSchema,
    category: z.object({ id: idSchema, name: z.string() }),
    name: z.string(),
    unit: z.enum(KPI_UNITS),
    description: z.string().nullable(),
    /** order within its category, from 0 */
    position: z.number().int(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'Kpi' });
export type Kpi = z.infer<typeof kpiSchema>;

export const kpiListSchema = paginatedSchema(kpiSchema.partial());

const kpiName = z.string().trim().min(1).max(100);
const unit = z.enum(KPI_UNITS, {
  error: 'The :attribute field must be currency, number, percentage or text.',
});

export const kpiChangesSchema = z
  .object({
    name: kpiName.optional(),
    kpi_category_id: z.number().int().positive().optional(),
    unit: unit.optional(),
    description: optionalText(1000),
  })
  .meta({ id: 'KpiChanges' });

export const kpiInputSchema = z
  .object({
    name: kpiName,
    kpi_category_id: z.number().int().positive(),
    unit,
    description: optionalText(1000),
  })
  .meta({ id: 'NewKpi' });
export type KpiInput = z.input<typeof kpiInputSchema>;

export const kpiReorderInputSchema = z
  .object({
    kpi_category_id: z.number().int().positive(),
    ids: z.array(z.number().int().positive()).min(1).max(1000),
  })
  .meta({ id: 'KpiReorder' });

export const KPI_FIELDS = [
  'id',
  'kpi_category_id',
  'category',
  'name',
  'unit',
  'description',
  'position',
  'created_at',
  'updated_at',
] as const;

export const kpisListQuery = defineListQuery({
  table: 'kpis',
  filters: { name: 'partial', kpi_category_id: 'exact', unit: 'exact' },
  sorts: ['category', 'position', 'name', 'created_at'],
  defaultSort: ['category', 'position'],
  includes: [],
  fields: KPI_FIELDS,
  appends: [],
});

export const KPI_COLUMNS = [
  { key: 'category', label: 'Category', default: true },
  { key: 'name', label: 'Name', default: true },
  { key: 'unit', label: 'Unit', default: true },
  { key: 'description', label: 'Description', default: true },
] as const;

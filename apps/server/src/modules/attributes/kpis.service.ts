import {
  KPI_COLUMNS,
  KPI_UNIT_LABELS,
  kpisListQuery,
  type Kpi,
  type kpiChangesSchema,
  type kpiInputSchema,
  type kpiReorderInputSchema,
} from '@portico/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { kpiCategories, kpis, kpiValues, type KpiRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError } from '../../platform/http/errors';
import { exact, partial, planned } from '../../platform/list-query/drizzle';
import { givenFields } from '../../platform/records/changed-fields';
import { createRecordRepository } from '../../platform/records/record-repository';
import { createRecordService } from '../../platform/records/record-service';
import { toApiTimestamp } from '../../platform/time';
import { inUse, isForeignKeyViolation, nextPosition, reorderRows } from './ordered-lists';

type CreateInput = z.output<typeof kpiInputSchema>;
type UpdateInput = z.output<typeof kpiChangesSchema>;
type ReorderInput = z.output<typeof kpiReorderInputSchema>;
type KpiWithCategory = KpiRow & { category: { id: number; name: string } };

const INVALID_CATEGORY = 'The selected KPI category is invalid.';

const toKpi = (row: KpiWithCategory): Kpi => ({
  id: row.id,
  kpi_category_id: row.kpi_category_id,
  category: row.category,
  name: row.name,
  unit: row.unit,
  description: row.description,
  position: row.position,
  created_at: toApiTimestamp(row.created_at),
  updated_at: toApiTimestamp(row.updated_at),
});

const select = (db: DbOrTx) =>
  db
    .select({ kpi: kpis, category: { id: kpiCategories.id, name: kpiCategories.name } })
    .from(kpis)
    .innerJoin(kpiCategories, eq(kpiCategories.id, kpis.kpi_category_id));

export const kpisRepository = createRecordRepository({
  table: kpis,
  binding: {
    spec: kpisListQuery,
    filters: {
      name: partial(kpis.name),
      kpi_category_id: exact(kpis.kpi_category_id, 'int'),
      unit: exact(kpis.unit),
    },
    sorts: {
      category: kpiCategories.position,
      position: kpis.position,
      name: kpis.name,
      created_at: kpis.created_at,
    },
    tiebreaker: kpis.id,
  },
  rows: async (db, plan): Promise<KpiWithCategory[]> => {
    const rows = await planned(select(db).$dynamic(), plan);
    return rows.map((row) => ({ ...row.kpi, category: row.category }));
  },
});

const inCategory = (id: number) => eq(kpis.kpi_category_id, id);

/** KPI definitions (DOMAIN.md, Reporting): name, category, unit and description; values come with reporting. */
export function createKpisService(ctx: AppContext) {
  async function categoryExists(tx: DbOrTx, id: number) {
    const [row] = await tx
      .select({ id: kpiCategories.id })
      .from(kpiCategories)
      .where(eq(kpiCategories.id, id));
    if (!row) throw fieldError('kpi_category_id', INVALID_CATEGORY);
  }

  const records = createRecordService(ctx, {
    repository: kpisRepository,
    auditType: 'kpi',
    notFound: 'No KPI with that id.',
    present: toKpi,
    insert: (input: CreateInput) => ({
      name: input.name,
      kpi_category_id: input.kpi_category_id,
      unit: input.unit,
      description: input.description ?? null,
      position: nextPosition(kpis, kpis.position, inCategory(input.kpi_category_id)),
    }),
    patch: (input: UpdateInput, before) => ({
      ...givenFields(input, ['name', 'unit', 'description'] as const),
      // Moved to another category, it goes to the end of that one.
      ...(input.kpi_category_id !== undefined && input.kpi_category_id !== before.kpi_category_id
        ? {
            kpi_category_id: input.kpi_category_id,
            position: nextPosition(kpis, kpis.position, inCategory(input.kpi_category_id)),
          }
        : {}),
    }),
    export: {
      columns: KPI_COLUMNS,
      sheetName: 'KPIs',
      cells: () => (kpi, key) =>
        key === 'category' ? kpi.category.name : key === 'unit' ? KPI_UNIT_LABELS[kpi.unit] : kpi[key],
    },
    rules: {
      create: (tx, input) => categoryExists(tx, input.kpi_category_id),
      update: async (tx, input) => {
        if (input.kpi_category_id !== undefined) await categoryExists(tx, input.kpi_category_id);
      },
      // Reported values keep their KPI (they are append-only, issue 19): a KPI with any is not deleted.
      remove: async (tx, _actor, before) => {
        const [used] = await tx
          .select({ count: count() })
          .from(kpiValues)
          .where(eq(kpiValues.kpi_id, before.id));
        const values = used?.count ?? 0;
        if (values > 0) throw inUse(`${values} reported ${values === 1 ? 'value' : 'values'}`);
        return null;
      },
    },
    conflict: () => fieldError('name', 'A KPI with that name already exists.'),
  });

  const explained = (error: unknown): never => {
    // The category went at the same moment.
    if (isForeignKeyViolation(error)) throw fieldError('kpi_category_id', INVALID_CATEGORY);
    throw error;
  };

  return {
    ...records,
    create: (actor: Actor, input: CreateInput) => records.create(actor, input).catch(explained),
    update: (actor: Actor, id: number, input: UpdateInput) =>
      records.update(actor, id, input).catch(explained),

    /** Every KPI of one category once, in the order wanted. */
    async reorder(actor: Actor, input: ReorderInput): Promise<Kpi[]> {
      return ctx.db.transaction(async (tx) => {
        await categoryExists(tx, input.kpi_category_id);
        const order = await reorderRows(
          tx,
          { table: kpis, id: kpis.id, position: kpis.position, label: kpis.name },
          inCategory(input.kpi_category_id),
          input.ids,
          'List every KPI of this category exactly once, in the order wanted.',
        );
        await recordAudit(tx, actor, {
          action: 'kpi.reordered',
          subjectType: 'kpi_category',
          subjectId: input.kpi_category_id,
          before: { ids: order.before, items: order.items.before },
          after: { ids: order.after, items: order.items.after },
        });
        const rows = await select(tx)
          .where(inCategory(input.kpi_category_id))
          .orderBy(asc(kpis.position), asc(kpis.id));
        return rows.map((row) => toKpi({ ...row.kpi, category: row.category }));
      });
    },
  };
}

export type KpisService = ReturnType<typeof createKpisService>;

import type {
  CustomKpi,
  customKpiChangesSchema,
  customKpiInputSchema,
  KpiReportType,
  kpiReportTypeChangesSchema,
  kpiReportTypeInputSchema,
} from '@portico/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import {
  customKpis,
  kpiCategories,
  kpiReportingSettings,
  kpiReportTypeKpis,
  kpiReportTypes,
  kpis,
  kpiValues,
  opportunities,
} from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, HttpError, notFound, validationError } from '../../platform/http/errors';
import { toApiTimestamp } from '../../platform/time';
import { isExisting, NO_COMPANY } from './kpi-companies';

type TypeInput = z.output<typeof kpiReportTypeInputSchema>;
type TypeChanges = z.output<typeof kpiReportTypeChangesSchema>;
type CustomInput = z.output<typeof customKpiInputSchema>;
type CustomChanges = z.output<typeof customKpiChangesSchema>;

const NO_TYPE = 'No report type with that id.';
const NO_CUSTOM = 'No custom KPI with that id.';
const conflict = (message: string) => new HttpError(409, message, 'CONFLICT');

/** Report types (kpi_report_types) and custom KPIs (custom_kpis): the definitions KPI reports are made of. */
export function createKpiDefinitionsService(ctx: AppContext) {
  const { db } = ctx;

  async function presentTypes(tx: DbOrTx, ids?: number[]): Promise<KpiReportType[]> {
    const rows = await tx
      .select()
      .from(kpiReportTypes)
      .where(ids ? (ids.length === 0 ? sql`false` : inArray(kpiReportTypes.id, ids)) : undefined)
      .orderBy(asc(kpiReportTypes.name), asc(kpiReportTypes.id));
    if (rows.length === 0) return [];
    const typeIds = rows.map((row) => row.id);
    const inputs = await tx
      .select({
        report_type_id: kpiReportTypeKpis.report_type_id,
        id: kpis.id,
        name: kpis.name,
        unit: kpis.unit,
        category: { id: kpiCategories.id, name: kpiCategories.name },
      })
      .from(kpiReportTypeKpis)
      .innerJoin(kpis, eq(kpis.id, kpiReportTypeKpis.kpi_id))
      .innerJoin(kpiCategories, eq(kpiCategories.id, kpis.kpi_category_id))
      .where(inArray(kpiReportTypeKpis.report_type_id, typeIds))
      .orderBy(asc(kpiReportTypeKpis.position), asc(kpis.id));
    const used = await tx
      .select({ id: kpiReportingSettings.report_type_id, n: count() })
      .from(kpiReportingSettings)
      .where(inArray(kpiReportingSettings.report_type_id, typeIds))
      .groupBy(kpiReportingSettings.report_type_id);
    const names = new Map(
      (await tx.select({ id: kpiReportTypes.id, name: kpiReportTypes.name }).from(kpiReportTypes)).map(
        (row) => [row.id, row.name],
      ),
    );
    const presented = rows.map((row): KpiReportType => {
      const mine = inputs.filter((input) => input.report_type_id === row.id);
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        parent_id: row.parent_id,
        parent: row.parent_id === null ? null : { id: row.parent_id, name: names.get(row.parent_id) ?? '' },
        kpi_ids: mine.map((input) => input.id),
        kpis: mine.map(({ report_type_id: _type, ...kpi }) => kpi),
        companies_count: Number(used.find((entry) => entry.id === row.id)?.n ?? 0),
        created_at: toApiTimestamp(row.created_at),
        updated_at: toApiTimestamp(row.updated_at),
      };
    });
    // sub-types right after their parent
    const tops = presented.filter((type) => type.parent_id === null || !typeIds.includes(type.parent_id));
    const ordered: KpiReportType[] = [];
    const place = (type: KpiReportType, depth: number) => {
      if (ordered.includes(type) || depth > 10) return;
      ordered.push(type);
      for (const child of presented.filter((candidate) => candidate.parent_id === type.id))
        place(child, depth + 1);
    };
    for (const type of tops) place(type, 0);
    for (const type of presented) if (!ordered.includes(type)) ordered.push(type);
    return ordered;
  }

  async function oneType(tx: DbOrTx, id: number) {
    const [found] = await presentTypes(tx, [id]);
    if (!found) throw notFound(NO_TYPE);
    return found;
  }

  async function checkKpis(tx: DbOrTx, ids: number[]) {
    if (new Set(ids).size !== ids.length) throw fieldError('kpi_ids', 'Give each KPI once.');
    if (ids.length === 0) return;
    const found = await tx.select({ id: kpis.id }).from(kpis).where(inArray(kpis.id, ids));
    const known = new Set(found.map((row) => row.id));
    const errors: Record<string, string[]> = {};
    ids.forEach((id, index) => {
      if (!known.has(id)) errors[`kpi_ids.${index}`] = ['The selected KPI is invalid.'];
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);
  }

  async function checkParent(tx: DbOrTx, parentId: number | null | undefined, selfId?: number) {
    if (parentId == null) return;
    if (parentId === selfId) throw fieldError('parent_id', 'A report type cannot be its own parent.');
    // walk up: the parent must exist and not be below this type
    let next: number | null = parentId;
    for (let depth = 0; next !== null && depth < 20; depth += 1) {
      const [row] = await tx
        .select({ id: kpiReportTypes.id, parent_id: kpiReportTypes.parent_id })
        .from(kpiReportTypes)
        .where(eq(kpiReportTypes.id, next));
      if (!row) throw fieldError('parent_id', 'The selected parent report type is invalid.');
      if (selfId !== undefined && row.parent_id === selfId)
        throw fieldError('parent_id', 'A report type cannot be a sub-type of its own sub-type.');
      next = row.parent_id;
    }
  }

  async function setKpis(tx: DbOrTx, typeId: number, ids: number[]) {
    await tx.delete(kpiReportTypeKpis).where(eq(kpiReportTypeKpis.report_type_id, typeId));
    if (ids.length > 0)
      await tx
        .insert(kpiReportTypeKpis)
        .values(ids.map((kpi_id, position) => ({ report_type_id: typeId, kpi_id, position })));
  }

  const typeNameTaken = (error: unknown): never => {
    if (isUniqueViolation(error)) throw fieldError('name', 'A report type with that name already exists.');
    if (isForeignKeyViolation(error))
      throw fieldError('kpi_ids', 'A KPI was removed meanwhile: reload and try again.');
    throw error;
  };

  async function customRow(tx: DbOrTx, id: number) {
    const [row] = await tx
      .select({ kpi: customKpis, category: { id: kpiCategories.id, name: kpiCategories.name } })
      .from(customKpis)
      .leftJoin(kpiCategories, eq(kpiCategories.id, customKpis.kpi_category_id))
      .where(eq(customKpis.id, id));
    if (!row) throw notFound(NO_CUSTOM);
    return row;
  }

  const presentCustom = (row: Awaited<ReturnType<typeof customRow>>): CustomKpi => ({
    id: row.kpi.id,
    opportunity_id: row.kpi.opportunity_id,
    name: row.kpi.name,
    unit: row.kpi.unit,
    description: row.kpi.description,
    kpi_category_id: row.kpi.kpi_category_id,
    category:
      row.category && row.category.id !== null ? { id: row.category.id, name: row.category.name } : null,
    created_at: toApiTimestamp(row.kpi.created_at),
    updated_at: toApiTimestamp(row.kpi.updated_at),
  });

  async function checkCategory(tx: DbOrTx, id: number | null | undefined) {
    if (id == null) return;
    const [row] = await tx
      .select({ id: kpiCategories.id })
      .from(kpiCategories)
      .where(eq(kpiCategories.id, id));
    if (!row) throw fieldError('kpi_category_id', 'The selected KPI category is invalid.');
  }

  const customNameTaken = (error: unknown): never => {
    if (isUniqueViolation(error)) throw fieldError('name', 'This company already has a KPI with that name.');
    throw error;
  };

  return {
    listTypes: () => presentTypes(db),
    showType: (id: number) => oneType(db, id),

    createType: (actor: Actor, input: TypeInput) =>
      db
        .transaction(async (tx) => {
          await checkParent(tx, input.parent_id);
          await checkKpis(tx, input.kpi_ids);
          const [row] = await tx
            .insert(kpiReportTypes)
            .values({
              name: input.name,
              description: input.description ?? null,
              parent_id: input.parent_id ?? null,
            })
            .returning();
          if (!row) throw new Error('the report type was not stored');
          await setKpis(tx, row.id, input.kpi_ids);
          await recordAudit(tx, actor, {
            action: 'kpi_report_type.created',
            subjectType: 'kpi_report_type',
            subjectId: row.id,
            after: { name: row.name, parent_id: row.parent_id, kpi_ids: input.kpi_ids },
          });
          return oneType(tx, row.id);
        })
        .catch(typeNameTaken),

    updateType: (actor: Actor, id: number, input: TypeChanges) =>
      db
        .transaction(async (tx) => {
          const before = await oneType(tx, id);
          if (input.parent_id !== undefined) await checkParent(tx, input.parent_id, id);
          if (input.kpi_ids !== undefined) await checkKpis(tx, input.kpi_ids);
          const patch = {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.description !== undefined ? { description: input.description ?? null } : {}),
            ...(input.parent_id !== undefined ? { parent_id: input.parent_id ?? null } : {}),
            updated_at: ctx.clock.now(),
          };
          await tx.update(kpiReportTypes).set(patch).where(eq(kpiReportTypes.id, id));
          if (input.kpi_ids !== undefined) await setKpis(tx, id, input.kpi_ids);
          const after = await oneType(tx, id);
          await recordAudit(tx, actor, {
            action: 'kpi_report_type.updated',
            subjectType: 'kpi_report_type',
            subjectId: id,
            before: { name: before.name, parent_id: before.parent_id, kpi_ids: before.kpi_ids },
            after: { name: after.name, parent_id: after.parent_id, kpi_ids: after.kpi_ids },
          });
          return after;
        })
        .catch(typeNameTaken),

    /** A type with sub-types cannot go; companies using it keep their settings without a type. */
    deleteType: (actor: Actor, id: number) =>
      db.transaction(async (tx) => {
        const before = await oneType(tx, id);
        const [child] = await tx
          .select({ id: kpiReportTypes.id })
          .from(kpiReportTypes)
          .where(eq(kpiReportTypes.parent_id, id))
          .limit(1);
        if (child) throw conflict('This report type has sub-types: delete or move them first.');
        await tx.delete(kpiReportTypes).where(eq(kpiReportTypes.id, id));
        await recordAudit(tx, actor, {
          action: 'kpi_report_type.deleted',
          subjectType: 'kpi_report_type',
          subjectId: id,
          before: { name: before.name, kpi_ids: before.kpi_ids },
        });
      }),

    async listCustom(opportunityId: number | undefined): Promise<CustomKpi[]> {
      const rows = await db
        .select({ kpi: customKpis, category: { id: kpiCategories.id, name: kpiCategories.name } })
        .from(customKpis)
        .leftJoin(kpiCategories, eq(kpiCategories.id, customKpis.kpi_category_id))
        .where(opportunityId === undefined ? undefined : eq(customKpis.opportunity_id, opportunityId))
        .orderBy(asc(customKpis.opportunity_id), asc(customKpis.name), asc(customKpis.id));
      return rows.map(presentCustom);
    },
    showCustom: async (id: number) => presentCustom(await customRow(db, id)),

    createCustom: (actor: Actor, input: CustomInput) =>
      db
        .transaction(async (tx) => {
          const [company] = await tx
            .select({ id: opportunities.id })
            .from(opportunities)
            .where(and(eq(opportunities.id, input.opportunity_id), isExisting));
          if (!company)
            throw fieldError('opportunity_id', `${NO_COMPANY} Custom KPIs belong to existing investments.`);
          await checkCategory(tx, input.kpi_category_id);
          const [row] = await tx
            .insert(customKpis)
            .values({
              opportunity_id: input.opportunity_id,
              name: input.name,
              unit: input.unit,
              description: input.description ?? null,
              kpi_category_id: input.kpi_category_id ?? null,
            })
            .returning();
          if (!row) throw new Error('the custom KPI was not stored');
          await recordAudit(tx, actor, {
            action: 'custom_kpi.created',
            subjectType: 'custom_kpi',
            subjectId: row.id,
            after: { opportunity_id: row.opportunity_id, name: row.name, unit: row.unit },
          });
          return presentCustom(await customRow(tx, row.id));
        })
        .catch(customNameTaken),

    updateCustom: (actor: Actor, id: number, input: CustomChanges) =>
      db
        .transaction(async (tx) => {
          const before = await customRow(tx, id);
          if (input.kpi_category_id !== undefined) await checkCategory(tx, input.kpi_category_id);
          if (input.unit !== undefined && input.unit !== before.kpi.unit) {
            const [value] = await tx
              .select({ id: kpiValues.id })
              .from(kpiValues)
              .where(eq(kpiValues.custom_kpi_id, id))
              .limit(1);
            if (value) throw fieldError('unit', 'The unit cannot change once values have been reported.');
          }
          await tx
            .update(customKpis)
            .set({
              ...(input.name !== undefined ? { name: input.name } : {}),
              ...(input.unit !== undefined ? { unit: input.unit } : {}),
              ...(input.description !== undefined ? { description: input.description ?? null } : {}),
              ...(input.kpi_category_id !== undefined
                ? { kpi_category_id: input.kpi_category_id ?? null }
                : {}),
              updated_at: ctx.clock.now(),
            })
            .where(eq(customKpis.id, id));
          const after = await customRow(tx, id);
          await recordAudit(tx, actor, {
            action: 'custom_kpi.updated',
            subjectType: 'custom_kpi',
            subjectId: id,
            before: {
              name: before.kpi.name,
              unit: before.kpi.unit,
              kpi_category_id: before.kpi.kpi_category_id,
            },
            after: { name: after.kpi.name, unit: after.kpi.unit, kpi_category_id: after.kpi.kpi_category_id },
          });
          return presentCustom(after);
        })
        .catch(customNameTaken),

    /** Only a custom KPI without values can go: reported values are kept. */
    deleteCustom: (actor: Actor, id: number) =>
      db.transaction(async (tx) => {
        const before = await customRow(tx, id);
        const [value] = await tx
          .select({ id: kpiValues.id })
          .from(kpiValues)
          .where(eq(kpiValues.custom_kpi_id, id))
          .limit(1);
        if (value) throw conflict('This KPI has reported values, which are kept: it cannot be deleted.');
        await tx.delete(customKpis).where(eq(customKpis.id, id));
        await recordAudit(tx, actor, {
          action: 'custom_kpi.deleted',
          subjectType: 'custom_kpi',
          subjectId: id,
          before: { opportunity_id: before.kpi.opportunity_id, name: before.kpi.name },
        });
      }),
  };
}

export type KpiDefinitionsService = ReturnType<typeof createKpiDefinitionsService>;

import {
  CLASSIFICATION_COLUMNS,
  CLASSIFICATION_LISTS,
  classificationListQuery,
  type ClassificationEntry,
  type ClassificationKind,
  type classificationChangesSchema,
  type classificationInputSchema,
  type reorderInputSchema,
} from '@portico/contracts';
import { count, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  industries,
  investmentCategories,
  investmentCharacters,
  investmentSubTypes,
  investmentTypes,
  kpiCategories,
  kpis,
  opportunities,
  pipelineDeals,
} from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError } from '../../platform/http/errors';
import { exact, partial, planned } from '../../platform/list-query/drizzle';
import { createRecordRepository } from '../../platform/records/record-repository';
import { createRecordService } from '../../platform/records/record-service';
import { toApiTimestamp } from '../../platform/time';
import {
  describeUses,
  inUse,
  isForeignKeyViolation,
  nextPosition,
  reorderRows,
  stillLinked,
} from './ordered-lists';

type CreateInput = z.output<typeof classificationInputSchema>;
type ReorderInput = z.output<typeof reorderInputSchema>;

/**
 * Every list has the columns of `industries` (sub-types add their type's id): one typing serves them all.
 * Drizzle types a table by its SQL name too, so the others are read through this one's type.
 */
type ListTable = typeof industries;
type ListRow = ListTable['$inferSelect'] & { investment_type_id?: number };

/** A kind of record that points at a list's entries, and how it is named in a sentence. */
interface Use {
  table: PgTable;
  column: AnyPgColumn;
  one: string;
  many: string;
}

interface ListSetup {
  table: ListTable;
  /** the audit trail's subject type */
  auditType: string;
  uses: Use[];
  /** sub-types: the column naming the entry's investment type */
  parent?: AnyPgColumn;
}

const deals = (column: AnyPgColumn): Use => ({ table: pipelineDeals, column, one: 'deal', many: 'deals' });
const opportunitiesBy = (column: AnyPgColumn): Use => ({
  table: opportunities,
  column,
  one: 'opportunity',
  many: 'opportunities',
});

const SETUPS: Record<ClassificationKind, ListSetup> = {
  industries: {
    table: industries,
    auditType: 'industry',
    uses: [opportunitiesBy(opportunities.industry_id), deals(pipelineDeals.industry_id)],
  },
  investment_types: {
    table: investmentTypes as unknown as ListTable,
    auditType: 'investment_type',
    uses: [opportunitiesBy(opportunities.investment_type_id), deals(pipelineDeals.investment_type_id)],
  },
  investment_sub_types: {
    table: investmentSubTypes as unknown as ListTable,
    auditType: 'investment_sub_type',
    uses: [opportunitiesBy(opportunities.investment_sub_type_id)],
    parent: investmentSubTypes.investment_type_id,
  },
  investment_categories: {
    table: investmentCategories as unknown as ListTable,
    auditType: 'investment_category',
    uses: [opportunitiesBy(opportunities.investment_category_id)],
  },
  investment_characters: {
    table: investmentCharacters as unknown as ListTable,
    auditType: 'investment_character',
    uses: [opportunitiesBy(opportunities.investment_character_id)],
  },
  kpi_categories: {
    table: kpiCategories as unknown as ListTable,
    auditType: 'kpi_category',
    uses: [{ table: kpis, column: kpis.kpi_category_id, one: 'KPI', many: 'KPIs' }],
  },
};

const toEntry = (row: ListRow): ClassificationEntry => ({
  id: row.id,
  name: row.name,
  position: row.position,
  ...(row.investment_type_id === undefined ? {} : { investment_type_id: row.investment_type_id }),
  created_at: toApiTimestamp(row.created_at),
  updated_at: toApiTimestamp(row.updated_at),
});

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'An' : 'A');

/**
 * One of the ordered lists of Settings → attributes: list, create, rename, reorder and delete, each change
 * audited. A name is unique case-insensitively (within its type for sub-types); an entry still used by
 * deals, opportunities or KPIs cannot be deleted, and the 422 says by how many.
 */
export function createClassificationService(ctx: AppContext, kind: ClassificationKind) {
  const list = CLASSIFICATION_LISTS[kind];
  const { table, auditType, uses, parent } = SETUPS[kind];
  const parentOf = (id: number | undefined) => (parent && id !== undefined ? eq(parent, id) : undefined);
  const noParent = () => {
    throw new Error(`${kind} has no parent column`);
  };

  const repository = createRecordRepository({
    table,
    binding: {
      spec: classificationListQuery,
      filters: {
        name: partial(table.name),
        investment_type_id: parent ? exact(parent, 'int') : () => undefined,
      },
      sorts: { position: table.position, name: table.name, created_at: table.created_at },
      tiebreaker: table.id,
    },
    rows: async (db, plan): Promise<ListRow[]> => {
      if (!parent) return planned(db.select().from(table).$dynamic(), plan);
      const rows = await planned(
        db.select({ entry: table, investment_type_id: parent }).from(table).$dynamic(),
        plan,
      );
      return rows.map((row) => ({ ...row.entry, investment_type_id: Number(row.investment_type_id) }));
    },
  });

  async function countUses(tx: DbOrTx, id: number) {
    return Promise.all(
      uses.map(async (use) => {
        const [counted] = await tx.select({ value: count() }).from(use.table).where(eq(use.column, id));
        return { ...use, count: counted?.value ?? 0 };
      }),
    );
  }

  async function parentExists(tx: DbOrTx, id: number) {
    const [row] = await tx
      .select({ id: investmentTypes.id })
      .from(investmentTypes)
      .where(eq(investmentTypes.id, id));
    return row !== undefined;
  }

  const records = createRecordService(ctx, {
    repository,
    auditType,
    notFound: `No ${list.singular} with that id.`,
    present: toEntry,
    insert: (input: CreateInput) => {
      const scope = parentOf(input.investment_type_id);
      const values = { name: input.name, position: nextPosition(table, table.position, scope) };
      // Sub-types carry their type's id, a column the shared typing does not name.
      return parent ? { ...values, investment_type_id: input.investment_type_id } : values;
    },
    patch: (input: z.output<typeof classificationChangesSchema>) => ({ name: input.name }),
    export: {
      columns: CLASSIFICATION_COLUMNS,
      sheetName: list.label,
      cells: () => (entry, key) => (key === 'created_at' ? new Date(entry.created_at) : entry[key]),
    },
    rules: {
      create: async (tx, input) => {
        if (!parent) return;
        if (input.investment_type_id === undefined)
          throw fieldError('investment_type_id', 'The investment type field is required.');
        if (!(await parentExists(tx, input.investment_type_id)))
          throw fieldError('investment_type_id', 'The selected investment type is invalid.');
      },
      remove: async (tx, _actor, before) => {
        const used = await countUses(tx, before.id);
        if (used.some((use) => use.count > 0)) throw inUse(describeUses(used));
        return null;
      },
    },
    conflict: () =>
      fieldError(
        'name',
        parent
          ? 'This investment type already has a sub-type with that name.'
          : `${article(list.singular)} ${list.singular} with that name already exists.`,
      ),
  });

  /** A foreign key refused the change: a type removed, or an entry linked, at the same moment. */
  const explained = (error: unknown): never => {
    if (isForeignKeyViolation(error)) {
      if (parent) throw fieldError('investment_type_id', 'The selected investment type is invalid.');
      throw stillLinked(table);
    }
    throw error;
  };

  async function ordered(tx: DbOrTx, scope: SQL | undefined) {
    const rows = await repository.list(
      tx,
      {
        filters: [],
        sort: [{ name: 'position', descending: false }],
        include: [],
        fields: null,
        append: [],
        page: 1,
        perPage: 1000,
      },
      scope,
    );
    return rows.rows.map(toEntry);
  }

  return {
    ...records,
    create: (actor: Actor, input: CreateInput) => records.create(actor, input).catch(explained),
    remove: (actor: Actor, id: number) => records.remove(actor, id).catch(explained),

    /** Every entry's id once (for sub-types, every sub-type of one type), in the order wanted. */
    async reorder(actor: Actor, input: ReorderInput): Promise<ClassificationEntry[]> {
      if (parent && input.investment_type_id === undefined)
        throw fieldError('investment_type_id', 'The investment type field is required.');
      const scope = parentOf(input.investment_type_id);
      return ctx.db.transaction(async (tx) => {
        if (parent && !(await parentExists(tx, input.investment_type_id ?? noParent())))
          throw fieldError('investment_type_id', 'The selected investment type is invalid.');
        const order = await reorderRows(
          tx,
          { table, id: table.id, position: table.position, label: table.name },
          scope,
          input.ids,
          `List every ${list.singular} ${parent ? 'of this type ' : ''}exactly once, in the order wanted.`,
        );
        await recordAudit(tx, actor, {
          action: `${auditType}.reordered`,
          subjectType: auditType,
          subjectId: input.investment_type_id ?? null,
          before: { ids: order.before, items: order.items.before },
          after: { ids: order.after, items: order.items.after },
        });
        return ordered(tx, scope);
      });
    },
  };
}

export type ClassificationService = ReturnType<typeof createClassificationService>;

/** Every list's service, by kind. */
export function createClassificationServices(ctx: AppContext) {
  return Object.fromEntries(
    Object.keys(SETUPS).map((kind) => [kind, createClassificationService(ctx, kind as ClassificationKind)]),
  ) as Record<ClassificationKind, ClassificationService>;
}

import type { ListQuerySpec, ParsedListQuery } from '@portico/contracts';
import { and, count, eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { buildListQuery, inBatches, type ListPlan, type ListQueryBinding } from '../list-query/drizzle';

/** A table of records: rows with an integer id (and, usually, an updated_at stamp). */
export type RecordTable = PgTable & { id: AnyPgColumn };

export interface RecordSource<T extends RecordTable, Row, S extends ListQuerySpec> {
  table: T;
  /** the list's filters and sorts in SQL */
  binding: ListQueryBinding<S>;
  /**
   * The rows a plan covers, in its order, with what the record shows beside its own columns (a count,
   * joined names): the module's one select, usually `planned(select(db), plan)` and a map.
   */
  rows: (db: DbOrTx, plan: ListPlan) => Promise<Row[]>;
  /** the number of rows matching a condition; by default over the table alone (give it when filters need joins) */
  count?: (db: DbOrTx, where: SQL | undefined) => Promise<number>;
}

/** Counts a table's rows matching a condition. */
export async function countRows(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ value: count() }).from(table).where(where);
  return counted?.value ?? 0;
}

/**
 * The queries every record type runs: a page with its total, an export's batches, one record, and
 * insert, update and delete of its row. `scope` narrows a sub-resource to its parent (a nominee's clients).
 */
export function createRecordRepository<T extends RecordTable, Row, S extends ListQuerySpec>(
  source: RecordSource<T, Row, S>,
) {
  const { table, binding } = source;
  // Drizzle cannot type a query over a generic table; the values are the table's own.
  const target: PgTable = table;
  const touches = 'updated_at' in getTableColumns(target);
  const countOf = (db: DbOrTx, where: SQL | undefined) =>
    source.count ? source.count(db, where) : countRows(db, target, where);

  return {
    spec: binding.spec,

    async list(db: DbOrTx, query: ParsedListQuery, scope?: SQL) {
      const plan = buildListQuery(binding, query);
      const where = and(scope, plan.where);
      const rows = await source.rows(db, { ...plan, where });
      return { rows, total: await countOf(db, where) };
    },

    /** Every record a list query matches, in its order, a batch at a time (for exports). */
    batches(db: DbOrTx, query: ParsedListQuery, cap: number, scope?: SQL) {
      const plan = buildListQuery(binding, query);
      return inBatches({ ...plan, where: and(scope, plan.where) }, cap, (batch) => source.rows(db, batch));
    },

    async find(db: DbOrTx, id: number, scope?: SQL): Promise<Row | undefined> {
      const where = and(scope, eq(table.id, id));
      const [row] = await source.rows(db, { where, orderBy: [], limit: 1, offset: 0 });
      return row;
    },

    async insert(db: DbOrTx, values: T['$inferInsert']): Promise<T['$inferSelect'] & { id: number }> {
      const [row] = await db.insert(target).values(values).returning();
      if (!row) throw new Error(`${getTableName(target)} insert returned no row`);
      return row as T['$inferSelect'] & { id: number };
    },

    /** Sets the given columns (and updated_at, where the table has it). */
    async update(db: DbOrTx, id: number, patch: Partial<T['$inferInsert']>) {
      const values = touches ? { ...patch, updated_at: new Date() } : patch;
      await db.update(target).set(values).where(eq(table.id, id));
    },

    async remove(db: DbOrTx, id: number) {
      await db.delete(target).where(eq(table.id, id));
    },
  };
}

export type RecordRepository<T extends RecordTable, Row> = ReturnType<
  typeof createRecordRepository<T, Row, ListQuerySpec>
>;

/**
 * The number of a child table's rows pointing at the outer query's row (e.g. a nominee's clients), for a
 * select of the parent. Correlated by hand: Drizzle leaves a column unqualified inside a subquery of a select.
 */
export const childCount = (child: PgTable, foreignKey: AnyPgColumn, parent: PgTable) =>
  sql<number>`(select count(*)::int from ${child} where ${foreignKey} = ${sql.identifier(getTableName(parent))}.${sql.identifier('id')})`;

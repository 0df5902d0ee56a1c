import { asc, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { fieldError, validationError } from '../../platform/http/errors';

/** PostgreSQL's foreign_key_violation (a row still referenced, or a reference to a row that went). */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/** The position after the last of a list (or of one parent's part of it), as SQL for an insert. */
export const nextPosition = (table: PgTable, position: AnyPgColumn, scope?: SQL) =>
  sql<number>`(select coalesce(max(${sql.identifier(position.name)}) + 1, 0) from ${table}${
    scope ? sql` where ${scope}` : sql``
  })`;

interface OrderedTable {
  table: PgTable;
  id: AnyPgColumn;
  position: AnyPgColumn;
  /** the entry's name, so the reorder's audit row reads without the list (issue 21) */
  label?: AnyPgColumn;
}

/** An entry of a list as a reorder's audit row names it. */
export interface OrderedItem {
  item_id: number;
  name: string;
}

/**
 * Puts a list (or one parent's part of it) in the order given: every id once. Its rows are locked
 * first, so two reorders, or a reorder and a create, run one after the other.
 */
export async function reorderRows(
  tx: DbOrTx,
  { table, id, position, label }: OrderedTable,
  scope: SQL | undefined,
  ids: readonly number[],
  message: string,
): Promise<{ before: number[]; after: number[]; items: { before: OrderedItem[]; after: OrderedItem[] } }> {
  const rows = await tx
    .select({
      id: sql<number>`${id}`.mapWith(Number),
      name: label ? sql<string>`${label}` : sql<string>`''`,
    })
    .from(table)
    .where(scope)
    .orderBy(asc(position), asc(id))
    .for('update');
  const known = new Set(rows.map((row) => row.id));
  if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((each) => !known.has(each)))
    throw fieldError('ids', message);
  for (const [index, each] of ids.entries()) {
    await tx
      .update(table)
      .set({ [position.name]: index, updated_at: new Date() })
      .where(eq(id, each));
  }
  const names = new Map(rows.map((row) => [row.id, String(row.name)]));
  const named = (list: readonly number[]) =>
    list.map((each) => ({ item_id: each, name: names.get(each) ?? '' }));
  const before = rows.map((row) => row.id);
  return { before, after: [...ids], items: { before: named(before), after: named(ids) } };
}

/** "3 opportunities and 2 deals", from each kind of record's count (kinds with none are left out). */
export function describeUses(uses: ReadonlyArray<{ count: number; one: string; many: string }>): string {
  const parts = uses
    .filter((use) => use.count > 0)
    .map((use) => `${use.count} ${use.count === 1 ? use.one : use.many}`);
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

/** The 422 a deletion answers while other records still point at the row. */
export const inUse = (what: string) => fieldError('id', `Used by ${what}: change them first.`);

/** A foreign key refused the change: someone linked a record to it at the same moment. */
export const stillLinked = (table: PgTable) =>
  validationError({
    id: [`Other records still use this ${getTableName(table).replace(/_/g, ' ')} entry: change them first.`],
  });

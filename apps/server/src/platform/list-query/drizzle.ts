import type { FilterValue, ListQuerySpec, ParsedListQuery } from '@portico/contracts';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { londonDate, londonDayStart } from '../time';

/** Turns one filter value into a condition; undefined means "no condition". */
export type FilterHandler = (value: FilterValue) => SQL | undefined;

type Sortable = AnyPgColumn | SQL;

/** What an endpoint maps each declared name to. TypeScript makes it cover every name. */
export interface ListQueryBinding<S extends ListQuerySpec> {
  readonly spec: S;
  readonly filters: { readonly [K in keyof S['filters']]: FilterHandler };
  readonly sorts: { readonly [K in S['sorts'][number]]: Sortable };
  /** a unique column appended to every ORDER BY, so pages never overlap */
  readonly tiebreaker: AnyPgColumn;
}

const values = (value: FilterValue) => (Array.isArray(value) ? value : [value]);

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Case-insensitive contains; several values are an OR (spatie's partial filter). */
export function partial(...columns: AnyPgColumn[]): FilterHandler {
  return (value) => {
    const terms = values(value).map(String);
    return or(...terms.flatMap((term) => columns.map((column) => ilike(column, `%${escapeLike(term)}%`))));
  };
}

type ExactType = 'text' | 'int' | 'boolean';

function coerce(value: string | boolean, type: ExactType): string | number | boolean | undefined {
  if (type === 'boolean') return typeof value === 'boolean' ? value : undefined;
  if (type === 'int') return /^-?\d{1,15}$/.test(String(value)) ? Number(value) : undefined;
  return String(value);
}

/** Equality, or IN for several values. A value of the wrong type matches nothing rather than failing. */
export function exact(column: AnyPgColumn, type: ExactType = 'text'): FilterHandler {
  return (value) => {
    const accepted = values(value)
      .map((item) => coerce(item, type))
      .filter((item) => item !== undefined);
    if (accepted.length === 0) return sql`false`;
    return accepted.length === 1 ? eq(column, accepted[0]) : inArray(column, accepted);
  };
}

/** A real calendar day, YYYY-MM-DD (2026-13-45 is not one), else undefined. */
function calendarDay(text: string | boolean | undefined): string | undefined {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const parsed = new Date(`${text}T12:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text ? text : undefined;
}

/**
 * "2026-01-01,2026-03-31": a timestamp on or after the first London day and on or before the second (the
 * days are business dates, so 00:30 BST on 1 April is in April). One day alone is a lower bound; a bound
 * that is not a day is ignored rather than failing the request.
 */
export function londonDaysBetween(column: AnyPgColumn): FilterHandler {
  return (value) => {
    const [from, to] = values(value).map((item) => calendarDay(item));
    const dayAfter = (day: string) =>
      londonDate(new Date(new Date(`${day}T12:00:00Z`).getTime() + 86_400_000));
    return and(
      from ? gte(column, londonDayStart(from)) : undefined,
      to ? lt(column, londonDayStart(dayAfter(to))) : undefined,
    );
  };
}

export function buildListQuery<S extends ListQuerySpec>(
  binding: ListQueryBinding<S>,
  parsed: ParsedListQuery,
) {
  const filterHandlers = binding.filters as Record<string, FilterHandler>;
  const sortables = binding.sorts as Record<string, Sortable>;
  const conditions = parsed.filters
    .map((filter) =>
      Object.hasOwn(filterHandlers, filter.name) ? filterHandlers[filter.name]?.(filter.value) : undefined,
    )
    .filter((condition): condition is SQL => condition !== undefined);
  const orderBy = parsed.sort.flatMap((sort) => {
    const target = Object.hasOwn(sortables, sort.name) ? sortables[sort.name] : undefined;
    return target ? [sort.descending ? desc(target) : asc(target)] : [];
  });
  // Ties go the way of the first sort: newest first by a time is also newest first among rows written in
  // the same instant (PGlite's clock can give two statements one time), and an index on (column, id)
  // serves either direction.
  orderBy.push(parsed.sort[0]?.descending ? desc(binding.tiebreaker) : asc(binding.tiebreaker));
  return {
    where: conditions.length > 0 ? and(...conditions) : undefined,
    orderBy,
    limit: parsed.perPage,
    offset: (parsed.page - 1) * parsed.perPage,
  };
}

/** What a list query becomes in SQL: its conditions, its order and the page's stretch of rows. */
export type ListPlan = ReturnType<typeof buildListQuery>;

/** A dynamic select narrowed by the plan: its conditions, its order and its stretch of rows. */
export function planned<Select extends PgSelect>(select: Select, plan: ListPlan) {
  return select
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
}

const BATCH = 2000;

/**
 * Every row a list query matches, up to the cap, a batch at a time in the list's order: an export of a
 * long list is never one huge query. `read` runs the list's select for one stretch of the plan.
 */
export async function* inBatches<Row>(
  plan: ListPlan,
  cap: number,
  read: (batch: ListPlan) => Promise<Row[]>,
) {
  for (let offset = 0; offset < cap; offset += BATCH) {
    const rows = await read({ ...plan, limit: Math.min(BATCH, cap - offset), offset });
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < BATCH) return;
  }
}

/** One page of rows and the total behind it: the two queries every list endpoint runs. */
export async function selectPage<TTable extends PgTable>(
  db: DbOrTx,
  table: TTable,
  where: SQL | undefined,
  plan: { orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: Array<TTable['$inferSelect']>; total: number }> {
  // Drizzle cannot type a select over a generic table; the rows are the table's rows.
  const source: PgTable = table;
  const rows = await db
    .select()
    .from(source)
    .where(where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  const [counted] = await db.select({ value: count() }).from(source).where(where);
  return { rows, total: counted?.value ?? 0 };
}

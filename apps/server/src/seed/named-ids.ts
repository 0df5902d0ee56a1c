import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { industries } from '../db/schema';

/**
 * The demo's one "look up or insert by name" for the named lists (industries, investment types and
 * categories, KPI categories…, which share their columns; Drizzle types each by its SQL name, hence the
 * one table type): each name missing is added at its position, existing ones are kept (names are unique
 * case-insensitively), and the answer finds a name's id, case-insensitively, or throws for a name it was
 * not given.
 */
export async function namedIds(
  db: DbOrTx,
  table: typeof industries,
  names: readonly string[],
): Promise<(name: string) => number> {
  const unique = [...new Map(names.map((name) => [name.toLowerCase(), name])).values()];
  if (unique.length > 0)
    await db
      .insert(table)
      .values(unique.map((name, position) => ({ name, position })))
      .onConflictDoNothing();
  const rows =
    unique.length === 0
      ? []
      : await db
          .select({ id: table.id, name: table.name })
          .from(table)
          .where(
            inArray(
              sql`lower(${table.name})`,
              unique.map((name) => name.toLowerCase()),
            ),
          );
  const byName = new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
  return (name: string) => {
    const id = byName.get(name.toLowerCase());
    if (id === undefined) throw new Error(`demo ${name} missing`);
    return id;
  };
}

import { attributesListQuery, type AttributeOption, type AttributeSubjectType } from '@portico/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attributeOptions, attributes, attributeValues, type AttributeRow } from '../../db/schema';
import { exact, partial, planned } from '../../platform/list-query/drizzle';
import { childCount, createRecordRepository } from '../../platform/records/record-repository';

export type AttributeWithOptions = AttributeRow & { options: AttributeOption[]; values_count: number };

const valuesCount = childCount(attributeValues, attributeValues.attribute_id, attributes);

/** The options of some attributes, each list in order. */
export async function optionsOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, AttributeOption[]>> {
  const byAttribute = new Map<number, AttributeOption[]>();
  if (ids.length === 0) return byAttribute;
  const rows = await db
    .select()
    .from(attributeOptions)
    .where(inArray(attributeOptions.attribute_id, [...ids]))
    .orderBy(asc(attributeOptions.position), asc(attributeOptions.id));
  for (const row of rows) {
    const list = byAttribute.get(row.attribute_id) ?? [];
    list.push({ id: row.id, label: row.label, position: row.position });
    byAttribute.set(row.attribute_id, list);
  }
  return byAttribute;
}

export const attributesRepository = createRecordRepository({
  table: attributes,
  binding: {
    spec: attributesListQuery,
    filters: {
      name: partial(attributes.name),
      applies_to: exact(attributes.applies_to),
      type: exact(attributes.type),
    },
    sorts: {
      applies_to: attributes.applies_to,
      position: attributes.position,
      name: attributes.name,
      created_at: attributes.created_at,
    },
    tiebreaker: attributes.id,
  },
  rows: async (db, plan): Promise<AttributeWithOptions[]> => {
    const rows = await planned(
      db.select({ attribute: attributes, values_count: valuesCount }).from(attributes).$dynamic(),
      plan,
    );
    const options = await optionsOf(
      db,
      rows.map((row) => row.attribute.id),
    );
    return rows.map((row) => ({
      ...row.attribute,
      options: options.get(row.attribute.id) ?? [],
      values_count: Number(row.values_count),
    }));
  },
});

/** The attribute's row, locked until the transaction ends (`update` for changes, `share` for values). */
export async function lockAttribute(tx: DbOrTx, id: number, mode: 'update' | 'share') {
  const [row] = await tx.select().from(attributes).where(eq(attributes.id, id)).for(mode);
  return row;
}

export async function countValues(tx: DbOrTx, attributeId: number) {
  const [row] = await tx
    .select({ value: count() })
    .from(attributeValues)
    .where(eq(attributeValues.attribute_id, attributeId));
  return row?.value ?? 0;
}

/** The records whose value holds an option: a select's value is the id, a multi_select's a list of ids. */
export async function countOptionUses(tx: DbOrTx, attributeId: number, optionId: number) {
  const [row] = await tx
    .select({ value: count() })
    .from(attributeValues)
    .where(
      and(
        eq(attributeValues.attribute_id, attributeId),
        sql`(${attributeValues.value} = to_jsonb(${optionId}::bigint) or ${attributeValues.value} @> jsonb_build_array(${optionId}::bigint))`,
      ),
    );
  return row?.value ?? 0;
}

export const appliesTo = (type: AttributeSubjectType) => eq(attributes.applies_to, type);

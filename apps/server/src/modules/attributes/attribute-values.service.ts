import type {
  AttributeSubjectType,
  AttributeValue,
  attributeValuesInputSchema,
  RecordAttributeValue,
  UserAttributeValue,
} from '@portico/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { attributes, attributeValues } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { notFound, validationError } from '../../platform/http/errors';
import type { SubjectRegistry } from '../records/subjects';
import { displayAttributeValue, parseAttributeValue } from './attribute-values.parse';
import { optionsOf } from './custom-attributes.repository';

type Input = z.output<typeof attributeValuesInputSchema>;

/**
 * A value as its JSON text: drivers differ in how they hand jsonb back (PGlite parses it, and Drizzle
 * would parse the string "5000" again into a number), so it is read as text and parsed here once.
 */
const storedValue = sql<string>`${attributeValues.value}::text`;

/** A record's attributes in order, each with its value (null when unset). */
export async function loadAttributeValues(
  db: DbOrTx,
  type: AttributeSubjectType,
  id: number,
): Promise<RecordAttributeValue[]> {
  const defined = await db
    .select()
    .from(attributes)
    .where(eq(attributes.applies_to, type))
    .orderBy(asc(attributes.position), asc(attributes.id));
  const options = await optionsOf(
    db,
    defined.map((attribute) => attribute.id),
  );
  const values = await db
    .select({ attribute_id: attributeValues.attribute_id, value: storedValue })
    .from(attributeValues)
    .where(and(eq(attributeValues.subject_type, type), eq(attributeValues.subject_id, id)));
  const byAttribute = new Map(
    values.map((row) => [row.attribute_id, JSON.parse(row.value) as AttributeValue]),
  );
  return defined.map((attribute) => {
    const rule = { name: attribute.name, type: attribute.type, options: options.get(attribute.id) ?? [] };
    const value = byAttribute.get(attribute.id) ?? null;
    return {
      attribute_id: attribute.id,
      name: attribute.name,
      type: attribute.type,
      help_text: attribute.help_text,
      options: rule.options,
      value,
      display: value === null ? null : displayAttributeValue(rule, value),
    };
  });
}

/** GET /api/user?include=attributeValues: the investor's own values, those that are set. */
export async function loadUserAttributeValues(db: DbOrTx, userId: number): Promise<UserAttributeValue[]> {
  return (await loadAttributeValues(db, 'investor', userId)).flatMap((item) =>
    item.value === null
      ? []
      : [
          {
            attribute_id: item.attribute_id,
            name: item.name,
            type: item.type,
            value: item.value,
            display: item.display ?? '',
          },
        ],
  );
}

/**
 * The custom attribute values of investors, contacts, organisations, deals and opportunities: read with
 * the record, set many at once (each checked against its attribute's type and options, every error
 * answered at once), in one transaction with an audit row that the record's activity shows.
 */
export function createAttributeValuesService(ctx: AppContext, subjects: SubjectRegistry) {
  const { db } = ctx;

  async function findRecord(tx: DbOrTx, type: AttributeSubjectType, id: number) {
    const subject = await subjects.get(type).find(tx, id);
    if (!subject) throw notFound();
    return subject;
  }

  return {
    async list(type: AttributeSubjectType, id: number) {
      await findRecord(db, type, id);
      return loadAttributeValues(db, type, id);
    },

    async set(actor: Actor, type: AttributeSubjectType, id: number, input: Input) {
      await db.transaction(async (tx) => {
        await findRecord(tx, type, id);
        const ids = Object.keys(input.values).map(Number);
        // Shared locks: a definition cannot change under the values being written.
        const defined =
          ids.length === 0
            ? []
            : await tx
                .select()
                .from(attributes)
                .where(and(inArray(attributes.id, ids), eq(attributes.applies_to, type)))
                .orderBy(asc(attributes.id))
                .for('share');
        const options = await optionsOf(
          tx,
          defined.map((attribute) => attribute.id),
        );
        const errors: Record<string, string[]> = {};
        const wanted: Array<{
          id: number;
          name: string;
          value: AttributeValue | null;
          rule: Parameters<typeof displayAttributeValue>[0];
        }> = [];
        for (const [key, raw] of Object.entries(input.values)) {
          const attribute = defined.find((each) => each.id === Number(key));
          if (!attribute) {
            errors[`values.${key}`] = ['There is no such attribute for this kind of record.'];
            continue;
          }
          const rule = {
            name: attribute.name,
            type: attribute.type,
            options: options.get(attribute.id) ?? [],
          };
          const parsed = parseAttributeValue(rule, raw);
          if (parsed.ok) wanted.push({ id: attribute.id, name: attribute.name, value: parsed.value, rule });
          else errors[`values.${key}`] = [parsed.message];
        }
        if (Object.keys(errors).length > 0) throw validationError(errors);

        const existing = new Map(
          (
            await tx
              .select({ attribute_id: attributeValues.attribute_id, value: storedValue })
              .from(attributeValues)
              .where(and(eq(attributeValues.subject_type, type), eq(attributeValues.subject_id, id)))
          ).map((row) => [row.attribute_id, JSON.parse(row.value) as AttributeValue]),
        );
        // Keyed by the attribute's name, which staff choose ("__proto__" included): no prototype.
        const before: Record<string, string | null> = Object.create(null) as Record<string, string | null>;
        const after: Record<string, string | null> = Object.create(null) as Record<string, string | null>;
        for (const item of wanted) {
          const old = existing.get(item.id) ?? null;
          if (JSON.stringify(old) === JSON.stringify(item.value)) continue;
          before[item.name] = old === null ? null : displayAttributeValue(item.rule, old);
          after[item.name] = item.value === null ? null : displayAttributeValue(item.rule, item.value);
          const where = and(
            eq(attributeValues.subject_type, type),
            eq(attributeValues.subject_id, id),
            eq(attributeValues.attribute_id, item.id),
          );
          if (item.value === null) await tx.delete(attributeValues).where(where);
          else
            await tx
              .insert(attributeValues)
              .values({ attribute_id: item.id, subject_type: type, subject_id: id, value: item.value })
              .onConflictDoUpdate({
                target: [
                  attributeValues.subject_type,
                  attributeValues.subject_id,
                  attributeValues.attribute_id,
                ],
                set: { value: item.value, updated_at: new Date() },
              });
        }
        if (Object.keys(after).length > 0)
          await recordAudit(tx, actor, {
            action: 'attribute_values.updated',
            subjectType: type,
            subjectId: id,
            before,
            after,
          });
      });
      return loadAttributeValues(db, type, id);
    },
  };
}

export type AttributeValuesService = ReturnType<typeof createAttributeValuesService>;

import {
  ATTRIBUTE_COLUMNS,
  ATTRIBUTE_FIELD_TYPE_LABELS,
  ATTRIBUTE_SUBJECT_LABELS,
  can,
  hasOptions,
  type Attribute,
  type AttributeFieldType,
  type attributeChangesSchema,
  type attributeInputSchema,
  type attributeReorderInputSchema,
} from '@portico/contracts';
import { and, eq, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation, violatedConstraint } from '../../db/errors';
import { attributeOptions, attributes, users } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, forbidden, validationError } from '../../platform/http/errors';
import { givenFields } from '../../platform/records/changed-fields';
import { createRecordService } from '../../platform/records/record-service';
import { toApiTimestamp } from '../../platform/time';
import {
  appliesTo,
  attributesRepository,
  countOptionUses,
  countValues,
  lockAttribute,
  type AttributeWithOptions,
} from './custom-attributes.repository';
import { nextPosition, reorderRows } from './ordered-lists';

type CreateInput = z.output<typeof attributeInputSchema>;
type UpdateInput = z.output<typeof attributeChangesSchema>;
type ReorderInput = z.output<typeof attributeReorderInputSchema>;
type OptionInput = { id?: number; label: string };

export const LOCKED_MESSAGE =
  'This attribute is locked: its name, type and options cannot change and it cannot be deleted until it is unlocked.';

const toAttribute = (row: AttributeWithOptions): Attribute => ({
  id: row.id,
  name: row.name,
  applies_to: row.applies_to,
  type: row.type,
  help_text: row.help_text,
  position: row.position,
  locked: row.locked,
  options: row.options,
  values_count: row.values_count,
  created_at: toApiTimestamp(row.created_at),
  updated_at: toApiTimestamp(row.updated_at),
});

/** The option list an attribute of this type may have, or the field errors that say why not. */
function checkOptions(type: AttributeFieldType, options: readonly OptionInput[]) {
  if (!hasOptions(type)) {
    if (options.length > 0)
      throw fieldError('options', 'Only select and multi_select attributes have options: remove them.');
    return;
  }
  if (options.length === 0) throw fieldError('options', 'Give at least one option to choose from.');
  const seen = new Map<string, number>();
  const errors: Record<string, string[]> = {};
  options.forEach((option, index) => {
    const key = option.label.toLowerCase();
    if (seen.has(key)) errors[`options.${index}.label`] = [`“${option.label}” is already an option.`];
    seen.set(key, index);
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

function conflict(error: unknown): never {
  if (isUniqueViolation(error)) {
    if (violatedConstraint(error) === 'attribute_options_label_unique')
      throw fieldError('options', 'Each option needs a label of its own.');
    throw fieldError('name', 'These records already have an attribute with that name.');
  }
  throw error;
}

/**
 * Custom attributes (Settings → attributes → configure/{id}): a definition per record type with its
 * options. A locked one keeps its definition (docs/decisions/012-attribute-lock.md); only roles with
 * attributes_lock lock or unlock. A type with values on records cannot change, nor an option chosen.
 */
export function createCustomAttributesService(ctx: AppContext) {
  const { db } = ctx;

  const records = createRecordService(ctx, {
    repository: attributesRepository,
    auditType: 'attribute',
    notFound: 'No attribute with that id.',
    present: toAttribute,
    // Creation is this service's own (options go in with the attribute).
    insert: () => {
      throw new Error('attributes are created by createCustomAttributesService.create');
    },
    patch: (input: UpdateInput) => givenFields(input, ['name', 'type', 'help_text', 'locked'] as const),
    export: {
      columns: ATTRIBUTE_COLUMNS,
      sheetName: 'Attributes',
      cells: () => (attribute, key) =>
        key === 'applies_to'
          ? ATTRIBUTE_SUBJECT_LABELS[attribute.applies_to]
          : key === 'type'
            ? ATTRIBUTE_FIELD_TYPE_LABELS[attribute.type]
            : key === 'locked'
              ? attribute.locked
                ? 'Yes'
                : 'No'
              : attribute[key],
    },
    rules: {
      update: (tx, input, before) => applyDefinition(tx, input, before),
      remove: async (tx, _actor, before) => {
        const row = await lockAttribute(tx, before.id, 'update');
        if (row?.locked) throw fieldError('locked', LOCKED_MESSAGE);
        return null;
      },
    },
  });

  async function syncOptions(
    tx: DbOrTx,
    attributeId: number,
    wanted: readonly OptionInput[],
    before: Attribute,
  ) {
    const known = new Map(before.options.map((option) => [option.id, option]));
    const errors: Record<string, string[]> = {};
    wanted.forEach((option, index) => {
      if (option.id !== undefined && !known.has(option.id))
        errors[`options.${index}.id`] = ['This option does not belong to the attribute.'];
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const kept = new Set(wanted.flatMap((option) => (option.id === undefined ? [] : [option.id])));
    for (const option of before.options.filter((each) => !kept.has(each.id))) {
      const uses = await countOptionUses(tx, attributeId, option.id);
      if (uses > 0)
        throw fieldError(
          'options',
          `“${option.label}” is chosen on ${uses} ${uses === 1 ? 'record' : 'records'}: change those first, or keep it.`,
        );
    }
    await tx
      .delete(attributeOptions)
      .where(
        and(
          eq(attributeOptions.attribute_id, attributeId),
          kept.size > 0 ? notInArray(attributeOptions.id, [...kept]) : undefined,
        ),
      );
    for (const [position, option] of wanted.entries()) {
      if (option.id === undefined)
        await tx
          .insert(attributeOptions)
          .values({ attribute_id: attributeId, label: option.label, position });
      else
        await tx
          .update(attributeOptions)
          .set({ label: option.label, position, updated_at: new Date() })
          .where(eq(attributeOptions.id, option.id));
    }
  }

  /** The definition's changes, under the row's lock: refused while locked, or while values forbid them. */
  async function applyDefinition(tx: DbOrTx, input: UpdateInput, before: Attribute) {
    const row = await lockAttribute(tx, before.id, 'update');
    const sameOptions =
      input.options === undefined ||
      JSON.stringify(input.options.map((option) => [option.id ?? null, option.label])) ===
        JSON.stringify(before.options.map((option) => [option.id, option.label]));
    const changesDefinition =
      (input.name !== undefined && input.name !== before.name) ||
      (input.type !== undefined && input.type !== before.type) ||
      (input.help_text !== undefined && input.help_text !== before.help_text) ||
      !sameOptions;
    // Unlocking in the same request lets the definition change with it.
    if (row?.locked && input.locked !== false && changesDefinition)
      throw fieldError('locked', LOCKED_MESSAGE);

    const type = input.type ?? before.type;
    if (type !== before.type) {
      const values = await countValues(tx, before.id);
      if (values > 0)
        throw fieldError(
          'type',
          `${values} ${values === 1 ? 'record has' : 'records have'} a value for this attribute, so its type cannot change.`,
        );
    }
    const options = input.options ?? (hasOptions(type) ? before.options : []);
    checkOptions(type, options);
    if (!sameOptions || type !== before.type) await syncOptions(tx, before.id, options, before);
  }

  async function mayLock(actor: Actor) {
    if (actor.userId === null) return false;
    const [user] = await db.select({ role_id: users.role_id }).from(users).where(eq(users.id, actor.userId));
    return can(user?.role_id, 'attributes_lock', 'index');
  }

  return {
    ...records,

    async create(actor: Actor, input: CreateInput) {
      const options = input.options ?? [];
      checkOptions(input.type, options);
      const id = await db
        .transaction(async (tx) => {
          const [row] = await tx
            .insert(attributes)
            .values({
              name: input.name,
              applies_to: input.applies_to,
              type: input.type,
              help_text: input.help_text ?? null,
              position: nextPosition(attributes, attributes.position, appliesTo(input.applies_to)),
            })
            .returning({ id: attributes.id });
          if (!row) throw new Error('attributes insert returned no row');
          if (options.length > 0)
            await tx
              .insert(attributeOptions)
              .values(
                options.map((option, position) => ({ attribute_id: row.id, label: option.label, position })),
              );
          const created = await records.load(tx, row.id);
          await recordAudit(tx, actor, {
            action: 'attribute.created',
            subjectType: 'attribute',
            subjectId: row.id,
            after: created,
          });
          return row.id;
        })
        .catch(conflict);
      return records.load(db, id);
    },

    /** Only roles with attributes_lock (spec §6: Support) may send `locked`. */
    async update(actor: Actor, id: number, input: UpdateInput) {
      if (input.locked !== undefined && !(await mayLock(actor))) throw forbidden();
      return records.update(actor, id, input).catch(conflict);
    },

    /** Every attribute of one record type once, in the order wanted. */
    async reorder(actor: Actor, input: ReorderInput): Promise<Attribute[]> {
      return db.transaction(async (tx) => {
        const order = await reorderRows(
          tx,
          { table: attributes, id: attributes.id, position: attributes.position, label: attributes.name },
          appliesTo(input.applies_to),
          input.ids,
          `List every attribute of ${ATTRIBUTE_SUBJECT_LABELS[input.applies_to].toLowerCase()} exactly once, in the order wanted.`,
        );
        await recordAudit(tx, actor, {
          action: 'attribute.reordered',
          subjectType: 'attribute',
          subjectId: null,
          before: { applies_to: input.applies_to, ids: order.before, items: order.items.before },
          after: { applies_to: input.applies_to, ids: order.after, items: order.items.after },
        });
        const reordered: Attribute[] = [];
        for (const id of order.after) reordered.push(await records.load(tx, id));
        return reordered;
      });
    },
  };
}

export type CustomAttributesService = ReturnType<typeof createCustomAttributesService>;

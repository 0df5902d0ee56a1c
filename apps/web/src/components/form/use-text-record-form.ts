import { useMemo } from 'react';
import type { z } from 'zod';
import { changedFields, filledFields, textValuesOf, type TextValues } from './text-fields';
import { useRecordForm } from './use-record-form';
import { zodResolver } from './zod-resolver';

/**
 * The props of a record's form: a new record (no `record`; `submit` takes the new record's payload) or an
 * existing one (`submit` takes only its changes).
 */
export type TextRecordFormProps<Row, Create, Changes> = {
  onSaved: (saved: Row) => void;
  onCancel: () => void;
} & (
  | { record?: undefined; submit: (input: Create) => Promise<Row> }
  | { record: Row; submit: (changes: Changes) => Promise<Row> }
);

interface TextRecordFormOptions<
  Field extends string,
  Choices extends Record<string, string>,
  Row,
  Create,
  Changes,
> {
  props: TextRecordFormProps<Row, Create, Changes>;
  /** the record's text fields, in the form's order; `name` is always sent, so its error names it */
  fields: readonly Field[];
  /** fields chosen from a list (a type), with a new record's default: always sent for a new record */
  choices?: Choices;
  /** the contract's schemas of a new record and of the changes to one */
  schemas: { create: z.ZodType; update: z.ZodType };
}

type Values<Field extends string, Choices> = TextValues<Field> & Choices;

/**
 * The form of a record made of text fields and a few choices (organisations, nominees, investment methods,
 * client groups): its values from the record, the payload of a new one (every filled field, trimmed), the
 * changes to an existing one ("" clears a field), both checked with the contract's schema before they are
 * sent, and the server's field errors on their fields.
 */
export function useTextRecordForm<
  Field extends 'name' | (string & {}),
  Row,
  Create,
  Changes,
  Choices extends Record<string, string> = Record<never, string>,
>({ props, fields, choices, schemas }: TextRecordFormOptions<Field, Choices, Row, Create, Changes>) {
  const { record, onSaved } = props;
  const editing = record !== undefined;
  const choiceKeys = useMemo(() => Object.keys(choices ?? {}) as (keyof Choices & string)[], [choices]);
  const initial = useMemo(() => {
    const held = record as Partial<Record<string, string | null>> | undefined;
    const values = textValuesOf(held, fields) as Values<Field, Choices>;
    for (const key of choiceKeys)
      (values as Record<string, string>)[key] = held?.[key] ?? (choices as Record<string, string>)[key] ?? '';
    return values;
  }, [record, fields, choices, choiceKeys]);

  const newPayload = (values: Values<Field, Choices>) => {
    const payload: Record<string, string | undefined> = { ...filledFields(values, fields) };
    if ((fields as readonly string[]).includes('name')) payload.name = String(values.name).trim();
    for (const key of choiceKeys) payload[key] = values[key];
    return payload as Create;
  };
  const changesOf = (values: Values<Field, Choices>) => {
    const changes: Record<string, string | undefined> = { ...changedFields(values, initial, fields) };
    for (const key of choiceKeys) if (values[key] !== initial[key]) changes[key] = values[key];
    return changes as Changes & object;
  };
  const validateNew = useMemo(() => zodResolver(schemas.create), [schemas.create]);
  const validateChanges = useMemo(() => zodResolver(schemas.update), [schemas.update]);

  return useRecordForm({
    schema: schemas.create,
    initial,
    editing,
    validate: (values) => (editing ? validateChanges(changesOf(values)) : validateNew(newPayload(values))),
    changesOf,
    // The props' two shapes are one union whose `record` tells them apart (a generic Row cannot narrow it).
    submit: (values) =>
      editing
        ? (props.submit as (changes: Changes) => Promise<Row>)(changesOf(values))
        : (props.submit as (input: Create) => Promise<Row>)(newPayload(values)),
    onSaved,
  });
}

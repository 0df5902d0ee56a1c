/**
 * Forms of plain text fields (organisations, nominees, investment methods): the values as the inputs hold
 * them, the payload of a new record and the changes of an existing one.
 */
export type TextValues<Field extends string> = Record<Field, string>;

/** The inputs' values from a record as the server holds it ("" for what is not set). */
export function textValuesOf<Field extends string>(
  record: Partial<Record<Field, string | null | undefined>> | undefined,
  fields: readonly Field[],
): TextValues<Field> {
  const values = {} as TextValues<Field>;
  for (const field of fields) values[field] = record?.[field] ?? '';
  return values;
}

/** A new record's payload: every field trimmed, the empty ones left out (spec §5). */
export function filledFields<Field extends string>(
  values: TextValues<Field>,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const payload: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const value = values[field].trim();
    if (value !== '') payload[field] = value;
  }
  return payload;
}

/** Only what changed, trimmed: an emptied field is sent as "" (the server clears it). */
export function changedFields<Field extends string>(
  values: TextValues<Field>,
  initial: TextValues<Field>,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const changes: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const value = values[field].trim();
    if (value !== initial[field].trim()) changes[field] = value;
  }
  return changes;
}

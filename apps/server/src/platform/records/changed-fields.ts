/** Fields whose change is not worth an audit line of its own. */
const UNAUDITED = ['updated_at'];

/**
 * The fields whose value differs between two snapshots of a record, each side narrowed to them; undefined
 * when nothing changed. Values compare by their JSON, so a nested include ({ id, name }) counts as one field.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
  ignore: readonly string[] = UNAUDITED,
): { before: Record<string, unknown>; after: Record<string, unknown> } | undefined {
  const changed = Object.keys(after).filter(
    (key) => !ignore.includes(key) && JSON.stringify(after[key]) !== JSON.stringify(before[key]),
  );
  if (changed.length === 0) return undefined;
  const pick = (snapshot: T) => Object.fromEntries(changed.map((key) => [key, snapshot[key]]));
  return { before: pick(before), after: pick(after) };
}

/** The listed fields an input gives (undefined: not given, so left as it is). */
export function givenFields<Input extends object, Field extends keyof Input>(
  input: Input,
  fields: readonly Field[],
): Partial<Pick<Input, Field>> {
  const given: Partial<Pick<Input, Field>> = {};
  for (const field of fields) if (input[field] !== undefined) given[field] = input[field];
  return given;
}

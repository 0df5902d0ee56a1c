import type { z } from 'zod';

/** The object schema under a schema's refinements, pipes, defaults and wrappers (none when there is none). */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  let current: unknown = schema;
  for (let depth = 0; depth < 8 && current; depth += 1) {
    const shape = (current as { shape?: Record<string, z.ZodType> }).shape;
    if (shape && typeof shape === 'object') return shape;
    const def = (current as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    current = def?.in ?? def?.innerType ?? def?.schema;
  }
  return {};
}

/**
 * The fields a form must fill, read from the contract's schema of a new record: those that take no
 * `undefined` (neither optional nor defaulted). The forms mark them required (an asterisk, and
 * aria-required for screen readers), so what they mark is what the server refuses without.
 */
export function requiredFieldsOf(schema: z.ZodType): ReadonlySet<string> {
  return new Set(
    Object.entries(shapeOf(schema))
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([key]) => key),
  );
}

/** Mantine input props with `required` for a field the schema requires. */
export function withRequired<Props extends object>(
  props: Props,
  field: string,
  required: ReadonlySet<string>,
): Props & { required?: true } {
  return required.has(field) ? { ...props, required: true } : props;
}

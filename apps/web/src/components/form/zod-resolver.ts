import { fieldErrorsFromZod, firstFieldErrors } from '@portico/contracts';
import type { FormErrors } from '@mantine/form';

type SchemaError = Parameters<typeof fieldErrorsFromZod>[0];

/** The part of a contract (zod) schema the resolver uses. */
export interface ValidatingSchema {
  safeParse(values: unknown): { success: true } | { success: false; error: SchemaError };
}

/**
 * Validates a Mantine form with the contract's zod schema, so the browser shows the server's words
 * ("The email field must be a valid email address.") before the server has to.
 */
export function zodResolver(schema: ValidatingSchema): (values: unknown) => FormErrors {
  return (values) => {
    const result = schema.safeParse(values);
    return result.success ? {} : firstFieldErrors(fieldErrorsFromZod(result.error));
  };
}

import { z } from 'zod';

/**
 * Laravel-style validation messages. Schemas produce templates holding ":attribute"; the formatter
 * replaces it with the field's human name, so the same schema gives the same words on both sides.
 */
type Issue = z.core.$ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  date: 'a valid date',
};

function sizeUnit(origin: unknown): string {
  if (origin === 'string') return ' characters';
  if (origin === 'array' || origin === 'set') return ' items';
  return '';
}

export function laravelMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'The :attribute field is required.';
      return `The :attribute field must be ${TYPE_NAMES[issue.expected] ?? `a valid ${issue.expected}`}.`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string' && min <= 1) return 'The :attribute field is required.';
      if (issue.origin === 'array' && min <= 1) return 'The :attribute field must have at least one item.';
      return `The :attribute field must be at least ${min}${sizeUnit(issue.origin)}.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'array') return `The :attribute field must not have more than ${max} items.`;
      return `The :attribute field must not be greater than ${max}${sizeUnit(issue.origin)}.`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'The :attribute field must be a valid email address.';
      if (issue.format === 'url') return 'The :attribute field must be a valid URL.';
      if (issue.format === 'datetime' || issue.format === 'date')
        return 'The :attribute field must be a valid date.';
      return 'The :attribute field format is invalid.';
    case 'invalid_value':
    case 'invalid_union':
      return 'The selected :attribute is invalid.';
    case 'unrecognized_keys':
      return `The :attribute field has unknown keys: ${issue.keys.join(', ')}.`;
    default:
      return 'The :attribute field is invalid.';
  }
}

z.config({ customError: (issue) => laravelMessage(issue) });

/** "password_confirmation" → "password confirmation"; "items.2.name" → "name". */
export function attributeName(path: readonly PropertyKey[]): string {
  const named = [...path].reverse().find((segment) => typeof segment === 'string' && !/^\d+$/.test(segment));
  return typeof named === 'string' ? named.replace(/_/g, ' ') : 'value';
}

export type FieldErrors = Record<string, string[]>;

export interface ValidationErrorBody {
  message: string;
  errors: FieldErrors;
}

/** The 422 body of API-CONTRACT.md §1.4. */
export function validationBody(errors: FieldErrors): ValidationErrorBody {
  const messages = Object.values(errors).flat();
  const first = messages[0] ?? 'The given data was invalid.';
  const more = messages.length - 1;
  const suffix = more > 0 ? ` (and ${more} more error${more === 1 ? '' : 's'})` : '';
  return { message: first + suffix, errors };
}

export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    const message = issue.message.replaceAll(':attribute', attributeName(issue.path));
    (errors[field] ??= []).push(message);
  }
  return errors;
}

/** For the web forms: the first message per field, keyed as Mantine's form expects. */
export function firstFieldErrors(errors: FieldErrors): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])),
  );
}

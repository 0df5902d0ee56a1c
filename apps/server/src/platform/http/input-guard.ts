import { attributeName } from '@portico/contracts';
import { validationError } from './errors';

/** The path of the first string holding a NUL character (PostgreSQL cannot store one), or undefined. */
function findNul(value: unknown, path: string[], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 8 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = findNul(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** A 422 on the field, rather than a 500 from the database, for text no field can hold. */
export function rejectUnstorableText(body: unknown, query: unknown) {
  const path = findNul(body, []) ?? findNul(query, []);
  if (!path) return;
  const field = path.length > 0 ? path.join('.') : 'body';
  throw validationError({
    [field]: [
      `The ${path.length > 0 ? attributeName(path) : 'request body'} field contains a character that is not allowed.`,
    ],
  });
}

import { attributeName } from '@portico/contracts';
import { validationError } from './errors';

interface WellFormed {
  isWellFormed(): boolean;
}

/**
 * Text PostgreSQL cannot store: a NUL character, or a lone UTF-16 surrogate (`"\ud800"`), which has no
 * UTF-8 form and fails in JSON and text columns. Node 20 has String.prototype.isWellFormed (ES2024).
 */
const unstorable = (text: string) =>
  text.includes('\u0000') || !(text as unknown as WellFormed).isWellFormed();

/** The path of the first string (value or key) holding unstorable text, or undefined. */
function findUnstorable(value: unknown, path: string[], depth = 0): string[] | undefined {
  if (typeof value === 'string') return unstorable(value) ? path : undefined;
  if (depth > 8 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    // A bad key is reported on its parent: the key itself cannot be echoed back as JSON text.
    if (unstorable(key)) return path;
    const found = findUnstorable(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** A 422 on the field, rather than a 500 from the database, for text no field can hold. */
export function rejectUnstorableText(body: unknown, query: unknown) {
  const path = findUnstorable(body, []) ?? findUnstorable(query, []);
  if (!path) return;
  const field = path.length > 0 ? path.join('.') : 'body';
  throw validationError({
    [field]: [
      `The ${path.length > 0 ? attributeName(path) : 'request body'} field contains a character that is not allowed.`,
    ],
  });
}

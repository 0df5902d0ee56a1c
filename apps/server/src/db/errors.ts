/** The PostgreSQL error of this SQLSTATE, whichever driver or wrapper raised it, or undefined. */
function pgError(error: unknown, code: string): { constraint?: unknown } | undefined {
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === code) return current;
  }
  return undefined;
}

/** PostgreSQL's unique_violation, whichever driver or wrapper raised it, or undefined. */
const uniqueViolation = (error: unknown) => pgError(error, '23505');

/** True for PostgreSQL's foreign_key_violation: a row referred to went meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgError(error, '23503') !== undefined;
}

/**
 * True when a delete is refused because another row still refers to the one deleted: foreign_key_violation
 * (NO ACTION) or restrict_violation (23001, ON DELETE RESTRICT).
 */
export function isStillReferred(error: unknown): boolean {
  return isForeignKeyViolation(error) || pgError(error, '23001') !== undefined;
}

/** True for PostgreSQL's unique_violation, whichever driver or wrapper raised it. */
export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolation(error) !== undefined;
}

/** The name of the unique index a unique_violation broke, when the driver says. */
export function violatedConstraint(error: unknown): string | undefined {
  const constraint = uniqueViolation(error)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

/** The name of the check constraint a check_violation (23514) broke, or undefined for any other error. */
export function violatedCheck(error: unknown): string | undefined {
  const constraint = pgError(error, '23514')?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

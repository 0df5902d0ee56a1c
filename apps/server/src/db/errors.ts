/** PostgreSQL's unique_violation, whichever driver or wrapper raised it, or undefined. */
function uniqueViolation(error: unknown): { constraint?: unknown } | undefined {
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return current;
  }
  return undefined;
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

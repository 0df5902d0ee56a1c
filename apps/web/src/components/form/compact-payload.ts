type Compact<T> = { [K in keyof T]?: Exclude<T[K], null> };

/** Spec §5: empty values are dropped from payloads ("" and null and empty lists are not sent). */
export function compactPayload<T extends Record<string, unknown>>(values: T): Compact<T> {
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    payload[key] = value;
  }
  return payload as Compact<T>;
}

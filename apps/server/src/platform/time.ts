/** Laravel's wire format: ISO-8601 UTC with microseconds, "2024-05-01T10:15:30.000000Z". */
export function toApiTimestamp(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

export function toApiTimestampOrNull(date: Date | null | undefined): string | null {
  return date ? toApiTimestamp(date) : null;
}

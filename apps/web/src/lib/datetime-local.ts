import dayjs from 'dayjs';

/** A moment as an `<input type="datetime-local">` shows it, in the browser's time zone: "2024-05-01T10:15". */
export function toLocalInput(value: Date | string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('YYYY-MM-DDTHH:mm') : '';
}

/**
 * What a datetime-local input holds, as the API wants it (ISO 8601 in UTC). An empty input gives '', and
 * text that is not a date comes back as it was, for the schema to refuse in words.
 */
export function fromLocalInput(value: string): string {
  if (value.trim() === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.toDate().toISOString() : value;
}

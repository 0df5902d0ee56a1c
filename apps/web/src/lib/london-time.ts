/**
 * Scheduling is in London time (the platform's business time zone) whatever the browser's: a
 * `datetime-local` value is read as London's wall clock and shown back the same way.
 */
const LONDON = 'Europe/London';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** London's wall clock at an instant, as if it were UTC (milliseconds). */
function londonWallClock(instant: number): number {
  const values: Record<string, number> = {};
  for (const part of parts.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return Date.UTC(
    values.year ?? 1970,
    (values.month ?? 1) - 1,
    values.day ?? 1,
    values.hour ?? 0,
    values.minute ?? 0,
    values.second ?? 0,
  );
}

/** "2026-12-01T09:30" in London → the instant in ISO 8601 (UTC); '' when it is not a date and time. */
export function londonInputToIso(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return '';
  const [, year, month, day, hour, minute] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // London is UTC or UTC+1: correct by the offset at the first guess, then check once more at the result.
  let instant = wall - (londonWallClock(wall) - wall);
  instant = wall - (londonWallClock(instant) - instant);
  return new Date(instant).toISOString();
}

/** An instant as a London `datetime-local` value. */
export function isoToLondonInput(value: string | null | undefined): string {
  if (!value) return '';
  const instant = new Date(value).getTime();
  if (Number.isNaN(instant)) return '';
  return new Date(londonWallClock(instant)).toISOString().slice(0, 16);
}

const display = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/** "1 Dec 2026, 09:30 GMT": an instant in London time, with its zone. */
export function formatLondon(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : display.format(date);
}

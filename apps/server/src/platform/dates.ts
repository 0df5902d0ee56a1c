// Dates as people read them in the server's messages, notices and emails: "12 December 2026", in UTC
// (the server's days are UTC days). The one date formatter of the server's words.

const LONG = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-12-12" or a Date → "12 December 2026". */
export function longDate(value: string | Date): string {
  return LONG.format(typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value);
}

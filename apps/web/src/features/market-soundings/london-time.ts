/**
 * The register's times are kept in UTC and shown in London time (the platform's business time zone)
 * with the zone, whatever the browser's: "1 Dec 2026, 09:30 GMT".
 */
const display = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

export function formatLondon(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : display.format(date);
}

// Formatted by hand rather than with dayjs: these run on the investor's first page (docs/benchmarks.md).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day alone ("2024-05-01") is that day here, as dayjs reads it; anything else as Date reads it. */
function dateOf(value: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

const dayOf = (date: Date) => `${date.getDate()} ${MONTHS[date.getMonth()] ?? ''} ${date.getFullYear()}`;

/** "1 May 2024" (UK style), or an em dash when there is no date. */
export function formatDate(value: string | null | undefined): string {
  const date = value ? dateOf(value) : null;
  return date ? dayOf(date) : '—';
}

/** "1 May 2024, 10:15" */
export function formatDateTime(value: string | null | undefined): string {
  const date = value ? dateOf(value) : null;
  return date ? `${dayOf(date)}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}` : '—';
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat('en-GB').format(value);
}

/** A thing's name for one and for many: { one: 'nominee', many: 'nominees' }. */
export interface Noun {
  readonly one: string;
  readonly many: string;
}

/** The noun that agrees with a count: 'nominee' for 1, 'nominees' for 0 or 2. */
export function nounFor(count: number, noun: Noun): string {
  return count === 1 ? noun.one : noun.many;
}

/** "1 nominee", "0 nominees", "1,204 people": a count with its noun agreeing. */
export function plural(count: number, one: string, many: string = `${one}s`): string {
  return `${formatNumber(count)} ${nounFor(count, { one, many })}`;
}

/** "820 KB", "3.4 MB": a file's size as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const megabytes = bytes / (1024 * 1024);
  return `${megabytes < 10 ? megabytes.toFixed(1) : Math.round(megabytes)} MB`;
}

/** Whether a moment has passed (an expiry date). */
export function isPast(value: string | null | undefined, now: number = Date.now()): boolean {
  if (!value) return false;
  const at = Date.parse(value);
  return !Number.isNaN(at) && at < now;
}

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

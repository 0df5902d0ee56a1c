import dayjs from 'dayjs';

/** "1 May 2024" (UK style), or an em dash when there is no date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = dayjs(value);
  return date.isValid() ? date.format('D MMM YYYY') : '—';
}

/** "1 May 2024, 10:15" */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = dayjs(value);
  return date.isValid() ? date.format('D MMM YYYY, HH:mm') : '—';
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

import type { ListColumn } from '@portico/contracts';

/** The page sizes a list offers, and the one it starts with. */
export const LIST_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_LIST_PAGE_SIZE = 25;

/** The address's page size, if it is one the list offers. */
export function listPageSize(value: string): number {
  return pageSizeOf(value, LIST_PAGE_SIZES, DEFAULT_LIST_PAGE_SIZE);
}

/** A text cell's value, or a dash when there is none. */
export const dash = (value: string | null | undefined) => value || '—';

/** A value from the address, if it is one of the allowed ones; a shared link's typo is left out. */
export function oneOf<T extends string | number>(allowed: readonly T[], value: string): T | undefined {
  return allowed.find((item) => String(item) === value);
}

/** A record id from the address ("12"), or undefined. */
export function idOf(value: string): number | undefined {
  return /^[1-9]\d*$/.test(value) ? Number(value) : undefined;
}

/** A page size from the address, if the list offers it. */
export function pageSizeOf(value: string, sizes: readonly number[], fallback: number): number {
  const size = Number(value);
  return sizes.includes(size) ? size : fallback;
}

const day = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** "2024-01-01,2024-03-31" → both days, or undefined for what is missing or malformed. */
export function parseRange(value: string): [string | undefined, string | undefined] {
  const [from, to] = value.split(',');
  return [day(from), day(to)];
}

/** A date range from the address as a `*_between` filter; the server reads one day as "from". */
export function betweenFilter(value: string): string | undefined {
  const [from, to] = parseRange(value);
  // "to" alone needs a start.
  return from || to ? `${from ?? '1970-01-01'}${to ? `,${to}` : ''}` : undefined;
}

/** A column a list can show (and the column chooser offer): declared in contracts, with the export's. */
export type { ListColumn };

export function columnKeysOf<Key extends string>(columns: readonly ListColumn<Key>[]): Key[] {
  return columns.map((column) => column.key);
}

export function defaultColumnsOf<Key extends string>(columns: readonly ListColumn<Key>[]): Key[] {
  return columns.filter((column) => column.default).map((column) => column.key);
}

import type { ListQueryParams, NomineeColumnKey } from '@portico/contracts';

/** The list's state as the address holds it: a filtered view can be shared. */
export const NOMINEE_LIST_KEYS = ['search', 'sort', 'per_page', 'columns'] as const;
export type NomineeListKey = (typeof NOMINEE_LIST_KEYS)[number];
/** Nominees are few: the search is their only filter. */
export const NOMINEE_FILTER_KEYS = [] as const satisfies readonly NomineeListKey[];

export const DEFAULT_NOMINEE_SORT = 'name';

/** The name opens the record: it is always shown. */
export const REQUIRED_NOMINEE_COLUMNS: readonly NomineeColumnKey[] = ['name'];

export function nomineeFilters(values: Record<NomineeListKey, string>) {
  return { search: values.search.trim() || undefined } satisfies ListQueryParams['filter'];
}

export type NomineeFilters = ReturnType<typeof nomineeFilters>;

import type { ClientGroupColumnKey, ListQueryParams } from '@portico/contracts';

/** The list's state as the address holds it. */
export const CLIENT_GROUP_LIST_KEYS = ['search', 'sort', 'per_page', 'columns'] as const;
export type ClientGroupListKey = (typeof CLIENT_GROUP_LIST_KEYS)[number];
/** Groups are few: the search is their only filter. */
export const CLIENT_GROUP_FILTER_KEYS = [] as const satisfies readonly ClientGroupListKey[];

export const DEFAULT_CLIENT_GROUP_SORT = 'name';

/** The name opens the group: it is always shown. */
export const REQUIRED_CLIENT_GROUP_COLUMNS: readonly ClientGroupColumnKey[] = ['name'];

export function clientGroupFilters(values: Record<ClientGroupListKey, string>) {
  return { search: values.search.trim() || undefined } satisfies ListQueryParams['filter'];
}

export type ClientGroupFilters = ReturnType<typeof clientGroupFilters>;

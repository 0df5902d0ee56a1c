import { useCallback } from 'react';
import { useColumnChoice } from './use-column-choice';
import { useListParams } from './use-list-params';
import {
  columnKeysOf,
  DEFAULT_LIST_PAGE_SIZE,
  defaultColumnsOf,
  listPageSize,
  type ListColumn,
} from './list-values';

type ListUpdate<K extends string> = (
  changes: Partial<Record<K | 'page', string | number | null>>,
  options?: { keepPage?: boolean },
) => void;

/** What every list keeps in the address besides its own filters. */
export type CommonKey = 'search' | 'sort' | 'per_page' | 'columns';

interface ListStateOptions<Key extends string, Column extends string> {
  /** every parameter of the address this list reads, its filters included */
  keys: readonly (Key | CommonKey)[];
  /** the filters among them, which "Clear" empties */
  filterKeys: readonly Key[];
  defaultSort: string;
  /** the column chooser's columns and where the choice is remembered ("columns.organisations") */
  columns?: { all: readonly ListColumn<Column>[]; required: readonly Column[]; storageKey: string };
}

/**
 * A list page's state, all of it in the address (a filtered view can be shared): search, filters, sort,
 * page, page size and the visible columns.
 */
export function useListState<Key extends string, Column extends string = never>({
  keys,
  filterKeys,
  defaultSort,
  columns,
}: ListStateOptions<Key, Column>) {
  // The keys are checked here, in the options; inside, any of them is just a parameter name.
  const { values: raw, page, update } = useListParams<string>(keys);
  const values = raw as Record<Key | CommonKey, string>;
  const toUrl = useCallback(
    (value: string | null) => update({ columns: value }, { keepPage: true }),
    [update],
  );
  const choice = useColumnChoice<Column>({
    storageKey: columns?.storageKey ?? 'columns.none',
    all: columns ? columnKeysOf(columns.all) : [],
    defaults: columns ? defaultColumnsOf(columns.all) : [],
    required: columns?.required ?? [],
    fromUrl: columns ? values.columns : '',
    toUrl,
  });

  const sort = values.sort || defaultSort;
  const activeFilters = filterKeys.filter((key) => values[key] !== '').length;
  const cleared = Object.fromEntries(filterKeys.map((key) => [key, null]));

  return {
    values,
    page,
    update: update as ListUpdate<Key | CommonKey>,
    sort,
    perPage: listPageSize(values.per_page),
    columns: choice,
    /** how many filters are set, for the Filters button's badge */
    activeFilters,
    setSort: (next: string) => update({ sort: next === defaultSort ? null : next }),
    setPage: (next: number) => update({ page: next }),
    setPageSize: (size: number) => update({ per_page: size === DEFAULT_LIST_PAGE_SIZE ? null : size }),
    clearFilters: () => update(cleared),
    clearAll: () => update({ ...cleared, search: null }),
  };
}

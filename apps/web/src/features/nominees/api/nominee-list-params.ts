import type { ListQueryParams, NOMINEE_LIST_FIELDS } from '@portico/contracts';
import type { ListColumn } from '../../../components/data-table/list-values';

/** The list's state as the address holds it: a filtered view can be shared. */
export const NOMINEE_LIST_KEYS = ['search', 'sort', 'per_page', 'columns'] as const;
export type NomineeListKey = (typeof NOMINEE_LIST_KEYS)[number];
/** Nominees are few: the search is their only filter. */
export const NOMINEE_FILTER_KEYS = [] as const satisfies readonly NomineeListKey[];

export const DEFAULT_NOMINEE_SORT = 'name';

type NomineeField = (typeof NOMINEE_LIST_FIELDS)[number];

export const NOMINEE_COLUMNS = [
  { key: 'name', label: 'Name', default: true },
  { key: 'company_number', label: 'Company number', default: true },
  { key: 'fca_number', label: 'FCA number', default: true },
  { key: 'email', label: 'Email', default: false },
  { key: 'phone', label: 'Phone', default: false },
  { key: 'city', label: 'Town or city', default: false },
  { key: 'country', label: 'Country', default: false },
  { key: 'clients_count', label: 'Clients', default: true },
  { key: 'created_at', label: 'Added', default: true },
] as const satisfies readonly ListColumn<NomineeField>[];

export type NomineeColumnKey = (typeof NOMINEE_COLUMNS)[number]['key'];
/** The name opens the record: it is always shown. */
export const REQUIRED_NOMINEE_COLUMNS: readonly NomineeColumnKey[] = ['name'];

export function nomineeFilters(values: Record<NomineeListKey, string>) {
  return { search: values.search.trim() || undefined } satisfies ListQueryParams['filter'];
}

export type NomineeFilters = ReturnType<typeof nomineeFilters>;

import { ORGANISATION_TYPES, type ListQueryParams, type OrganisationColumnKey } from '@portico/contracts';
import { oneOf } from '../../../components/data-table/list-values';

/** The list's state as the address holds it: a filtered view can be shared. */
export const ORGANISATION_LIST_KEYS = ['search', 'type', 'sort', 'per_page', 'columns'] as const;
export type OrganisationListKey = (typeof ORGANISATION_LIST_KEYS)[number];
export const ORGANISATION_FILTER_KEYS = ['type'] as const satisfies readonly OrganisationListKey[];

export const DEFAULT_ORGANISATION_SORT = 'name';

/** The name opens the record: it is always shown. */
export const REQUIRED_ORGANISATION_COLUMNS: readonly OrganisationColumnKey[] = ['name'];

/** The address's values as the server's filters; anything malformed is left out. */
export function organisationFilters(values: Record<OrganisationListKey, string>) {
  return {
    search: values.search.trim() || undefined,
    type: oneOf(ORGANISATION_TYPES, values.type),
  } satisfies ListQueryParams['filter'];
}

export type OrganisationFilters = ReturnType<typeof organisationFilters>;

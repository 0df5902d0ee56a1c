import { ORGANISATION_TYPES, type ListQueryParams, type ORGANISATION_LIST_FIELDS } from '@portico/contracts';
import { oneOf, type ListColumn } from '../../../components/data-table/list-values';

/** The list's state as the address holds it: a filtered view can be shared. */
export const ORGANISATION_LIST_KEYS = ['search', 'type', 'sort', 'per_page', 'columns'] as const;
export type OrganisationListKey = (typeof ORGANISATION_LIST_KEYS)[number];
export const ORGANISATION_FILTER_KEYS = ['type'] as const satisfies readonly OrganisationListKey[];

export const DEFAULT_ORGANISATION_SORT = 'name';

type OrganisationField = (typeof ORGANISATION_LIST_FIELDS)[number];

export const ORGANISATION_COLUMNS = [
  { key: 'name', label: 'Name', default: true },
  { key: 'type', label: 'Type', default: true },
  { key: 'registration_number', label: 'Registration number', default: false },
  { key: 'email', label: 'Email', default: true },
  { key: 'phone', label: 'Phone', default: false },
  { key: 'website', label: 'Website', default: false },
  { key: 'city', label: 'Town or city', default: false },
  { key: 'country', label: 'Country', default: false },
  { key: 'members_count', label: 'Members', default: true },
  { key: 'created_at', label: 'Added', default: true },
] as const satisfies readonly ListColumn<OrganisationField>[];

export type OrganisationColumnKey = (typeof ORGANISATION_COLUMNS)[number]['key'];
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

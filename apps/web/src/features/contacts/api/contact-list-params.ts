import {
  CLIENT_TYPES,
  CONTACT_STATES,
  INVESTOR_CATEGORIES,
  type ContactColumnKey,
  type ListQueryParams,
} from '@portico/contracts';
import { betweenFilter, idOf, oneOf } from '../../../components/data-table/list-values';

/** The list's state as the address holds it (spec: a filtered view can be shared). */
export const CONTACT_LIST_KEYS = [
  'search',
  'state',
  'lead_status',
  'client_type',
  'category',
  'owner',
  'created',
  'sort',
  'per_page',
  'columns',
] as const;
export type ContactListKey = (typeof CONTACT_LIST_KEYS)[number];

/** The filters among them: "Clear filters" empties these and keeps the rest. */
export const CONTACT_FILTER_KEYS = [
  'state',
  'lead_status',
  'client_type',
  'category',
  'owner',
  'created',
] as const satisfies readonly ContactListKey[];
export type ContactFilterKey = (typeof CONTACT_FILTER_KEYS)[number];

export const DEFAULT_CONTACT_SORT = '-created_at';

/** The name opens the record: it is always shown. */
export const REQUIRED_CONTACT_COLUMNS: readonly ContactColumnKey[] = ['name'];

/** The address's values as the server's filters (contactsListQuery). */
export function contactFilters(values: Record<ContactListKey, string>) {
  return {
    search: values.search.trim() || undefined,
    state: oneOf(CONTACT_STATES, values.state),
    lead_status_id: idOf(values.lead_status),
    client_type: oneOf(CLIENT_TYPES, values.client_type),
    category: oneOf(INVESTOR_CATEGORIES, values.category),
    owner_id: idOf(values.owner),
    created_between: betweenFilter(values.created),
  } satisfies ListQueryParams['filter'];
}

export type ContactFilters = ReturnType<typeof contactFilters>;

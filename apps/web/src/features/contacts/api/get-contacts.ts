import { contactListSchema, listQueryString, type ContactColumnKey } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';
import type { ContactFilters } from './contact-list-params';

export interface ContactListParams {
  filters: ContactFilters;
  sort: string;
  page: number;
  perPage: number;
  /** the visible columns: only their fields are asked for (a sparse fieldset) */
  columns: readonly ContactColumnKey[];
}

/** Every row needs these, whatever the columns: its id to open it, its name, state and investor link. */
const ALWAYS: readonly string[] = ['id', 'name', 'email', 'state', 'investor'];

/** GET /api/contacts (investors:index) with the spatie list query. */
export function getContacts(params: ContactListParams, signal?: AbortSignal) {
  const query = listQueryString({
    filter: params.filters,
    sort: params.sort,
    fields: [...new Set([...ALWAYS, ...params.columns])],
    page: params.page,
    per_page: params.perPage,
  });
  return api.get(`/api/contacts?${query}`, contactListSchema, { signal });
}

export const contactsQueryOptions = (params: ContactListParams) =>
  queryOptions({
    queryKey: contactKeys.list(params),
    queryFn: ({ signal }) => getContacts(params, signal),
    placeholderData: keepPreviousData,
  });

export function useContacts(params: ContactListParams) {
  return useQuery(contactsQueryOptions(params));
}

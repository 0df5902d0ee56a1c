import { contactListSchema } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordListQuery } from '../../../lib/records/record-list-query';
import { contactKeys, type ContactListParams } from './contact-keys';

/** Every row needs these, whatever the columns: its id to open it, its name, state and investor link. */
const ALWAYS: readonly string[] = ['id', 'name', 'email', 'state', 'investor'];

/** GET /api/contacts (investors:index) with the spatie list query. */
export function getContacts(params: ContactListParams, signal?: AbortSignal) {
  const query = recordListQuery(params, ALWAYS);
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

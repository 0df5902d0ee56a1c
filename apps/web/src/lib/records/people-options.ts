import { contactSchema, investorSchema, listQueryString, paginatedSchema } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/** Whom a picker finds: investors (portal users) or contacts (leads). */
export type PersonKind = 'investor' | 'contact';

export interface PersonOption {
  id: number;
  name: string;
  email: string | null;
}

const RESPONSES = {
  investor: paginatedSchema(investorSchema.pick({ id: true, name: true, email: true })),
  contact: paginatedSchema(contactSchema.pick({ id: true, name: true, email: true })),
};
const PATHS: Record<PersonKind, string> = { investor: '/api/investors', contact: '/api/contacts' };

/** A picker shows a handful; typing narrows them. */
export const PEOPLE_OPTIONS_LIMIT = 10;

/**
 * GET /api/investors or /api/contacts (investors:index), searched by name or email, only the fields a
 * picker shows: the lists' own search (trigram-indexed), so it stays fast at 100,000 rows.
 */
export async function getPeopleOptions(kind: PersonKind, search: string, signal?: AbortSignal) {
  const query = listQueryString({
    filter: { search: search || undefined },
    sort: 'name',
    fields: ['id', 'name', 'email'],
    per_page: PEOPLE_OPTIONS_LIMIT,
  });
  const page = await api.get(`${PATHS[kind]}?${query}`, RESPONSES[kind], { signal });
  return page.data satisfies PersonOption[];
}

export const peopleOptionsQueryOptions = (kind: PersonKind, search: string) =>
  queryOptions({
    queryKey: ['people-options', kind, search] as const,
    queryFn: ({ signal }) => getPeopleOptions(kind, search, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export function usePeopleOptions(kind: PersonKind, search: string, enabled = true) {
  return useQuery({ ...peopleOptionsQueryOptions(kind, search), enabled });
}

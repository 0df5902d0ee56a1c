import { contactSchema, dataOf } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';

const response = dataOf(contactSchema);

/** GET /api/contacts/{id} (investors:show). */
export async function getContact(id: number, signal?: AbortSignal) {
  return (await api.get(`/api/contacts/${id}`, response, { signal })).data;
}

export const contactQueryOptions = (id: number) =>
  queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: ({ signal }) => getContact(id, signal),
  });

/** The contact, once the address names one. */
export function useContact(id: number | undefined) {
  return useQuery({ ...contactQueryOptions(id ?? 0), enabled: id !== undefined });
}

import { searchResultSchema } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dataListOf } from '../../../lib/parsers';

const response = dataListOf(searchResultSchema);

/** The server answers nothing below two characters; neither do we ask. */
export const SEARCH_MIN_LENGTH = 2;

/** GET /api/search?q= (investors:index): investors, contacts and organisations by name or email. */
export async function search(q: string, signal?: AbortSignal) {
  return (await api.get(`/api/search?${new URLSearchParams({ q }).toString()}`, response, { signal })).data;
}

export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', q] as const,
    queryFn: ({ signal }) => search(q, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export function useSearch(q: string) {
  const term = q.trim();
  return useQuery({ ...searchQueryOptions(term), enabled: term.length >= SEARCH_MIN_LENGTH });
}

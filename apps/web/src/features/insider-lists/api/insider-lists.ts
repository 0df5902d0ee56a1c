import {
  dataOf,
  insiderEntrySchema,
  insiderListIndexSchema,
  insiderListSchema,
  insiderListSummarySchema,
  type AddInsiderEntryInput,
  type InsiderEntryVersionInput,
  type InsiderListType,
  type OpenInsiderListInput,
} from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const base = '/api/insider-lists';

export const insiderListKeys = {
  all: ['insider-lists'] as const,
  index: () => [...insiderListKeys.all, 'index'] as const,
  detail: (type: InsiderListType, id: number) => [...insiderListKeys.all, 'detail', type, id] as const,
  versions: (entryId: number) => [...insiderListKeys.all, 'versions', entryId] as const,
  people: (kind: PersonKind, search: string) => [...insiderListKeys.all, 'people', kind, search] as const,
  subjects: (search: string) => [...insiderListKeys.all, 'subjects', search] as const,
};

export type PersonKind = 'staff' | 'investor';
const personSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type PersonOption = z.infer<typeof personSchema>;
const subjectSchema = z.object({ type: z.enum(['deal', 'opportunity']), id: z.number(), name: z.string() });
export type SubjectOption = z.infer<typeof subjectSchema>;

/** `/api/insider-lists/deal/12`; the permanent section is `permanent/0`. */
export const listPath = (type: InsiderListType, id: number) =>
  `${base}/${type}/${type === 'permanent' ? 0 : id}`;

/** The Excel file in the template's layout (a plain download: the session cookie goes with it). */
export const exportHref = (type: InsiderListType, id: number) => `${listPath(type, id)}/export.xlsx`;

/** GET /api/insider-lists (compliance:index): the lists and the permanent section. */
export function useInsiderLists() {
  return useQuery({
    queryKey: insiderListKeys.index(),
    queryFn: async ({ signal }) => (await api.get(base, dataOf(insiderListIndexSchema), { signal })).data,
  });
}

/** GET /api/insider-lists/{list}/{id} (compliance:show): header times and current entries. */
export function useInsiderList(type: InsiderListType, id: number) {
  return useQuery({
    queryKey: insiderListKeys.detail(type, id),
    queryFn: async ({ signal }) =>
      (await api.get(listPath(type, id), dataOf(insiderListSchema), { signal })).data,
    retry: false,
  });
}

/** GET /api/insider-lists/entries/{entry_id}/versions: an entry's history, oldest first. */
export function useInsiderEntryVersions(entryId: number | null) {
  return useQuery({
    queryKey: insiderListKeys.versions(entryId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await api.get(`${base}/entries/${entryId ?? 0}/versions`, dataOf(z.array(insiderEntrySchema)), {
          signal,
        })
      ).data,
    enabled: entryId !== null,
  });
}

/** GET /api/insider-lists/people: staff accounts or investors by name or email. */
export function useInsiderPeople(kind: PersonKind, search: string, enabled = true) {
  return useQuery({
    queryKey: insiderListKeys.people(kind, search),
    queryFn: async ({ signal }) =>
      (
        await api.get(
          `${base}/people?${new URLSearchParams({ kind, search }).toString()}`,
          dataOf(z.array(personSchema)),
          { signal },
        )
      ).data,
    enabled,
    staleTime: 30_000,
  });
}

/** GET /api/insider-lists/subjects: deals and opportunities without a list yet. */
export function useInsiderSubjects(search: string) {
  return useQuery({
    queryKey: insiderListKeys.subjects(search),
    queryFn: async ({ signal }) =>
      (
        await api.get(
          `${base}/subjects?${new URLSearchParams({ search }).toString()}`,
          dataOf(z.array(subjectSchema)),
          { signal },
        )
      ).data,
    staleTime: 30_000,
  });
}

/** POST /api/insider-lists: open a deal's or opportunity's list. */
export function useOpenInsiderList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: OpenInsiderListInput) =>
      (await api.post(base, input, dataOf(insiderListSummarySchema))).data,
    onSuccess: () => client.invalidateQueries({ queryKey: insiderListKeys.all }),
  });
}

/** POST /api/insider-lists/{list}/{id}/entries: a person added (version 1). */
export function useAddInsiderEntry(type: InsiderListType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: AddInsiderEntryInput) =>
      (await api.post(`${listPath(type, id)}/entries`, input, dataOf(insiderEntrySchema))).data,
    onSuccess: () => client.invalidateQueries({ queryKey: insiderListKeys.all }),
  });
}

/** POST /api/insider-lists/entries/{entry_id}/versions: an amendment or the end of access. */
export function useAddInsiderVersion(entryId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: InsiderEntryVersionInput) =>
      (await api.post(`${base}/entries/${entryId}/versions`, input, dataOf(insiderEntrySchema))).data,
    onSuccess: () => client.invalidateQueries({ queryKey: insiderListKeys.all }),
  });
}

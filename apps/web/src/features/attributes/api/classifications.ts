import {
  CLASSIFICATION_LISTS,
  classificationListSchema,
  classificationSchema,
  dataOf,
  type ClassificationEntry,
  type ClassificationInput,
  type ClassificationKind,
} from '@portico/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../lib/api-client';
import { dataListOf } from '../../../lib/parsers';
import { attributeKeys } from './attribute-keys';

const one = dataOf(classificationSchema);
const many = dataListOf(classificationSchema);
const apiPath = (kind: ClassificationKind) => `/api/${CLASSIFICATION_LISTS[kind].path}`;

/** The whole list in order (these lists are short: 100 per page is every entry). */
export async function getClassifications(kind: ClassificationKind, parentId?: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ per_page: '100' });
  if (parentId !== undefined) query.set('filter[investment_type_id]', String(parentId));
  const page = await api.get(`${apiPath(kind)}?${query.toString()}`, classificationListSchema, { signal });
  return page.data as ClassificationEntry[];
}

/** GET /api/{list} (every staff role): a list of Settings → attributes, in order; select options too. */
export const classificationsQueryOptions = (kind: ClassificationKind, parentId?: number) =>
  queryOptions({
    queryKey: attributeKeys.list(kind, parentId),
    queryFn: ({ signal }) => getClassifications(kind, parentId, signal),
    staleTime: 60_000,
  });

export function useClassifications(kind: ClassificationKind, parentId?: number, enabled = true) {
  return useQuery({ ...classificationsQueryOptions(kind, parentId), enabled });
}

export interface ClassificationOption {
  value: string;
  label: string;
}

/**
 * A list as select options, in its configured order, from the same cache Settings → attributes keeps
 * fresh (one fetcher for every form and filter). `keep` adds the record's current entry when the list
 * does not hold it, so a form never loses a value it cannot offer.
 */
export function useClassificationOptions(
  kind: ClassificationKind,
  options: { parentId?: number; enabled?: boolean; keep?: { id: number; name: string } | null } = {},
) {
  const { parentId, enabled = true, keep } = options;
  const query = useClassifications(kind, parentId, enabled);
  const choices = useMemo(() => {
    const list: ClassificationOption[] = (query.data ?? []).map((entry) => ({
      value: String(entry.id),
      label: entry.name,
    }));
    if (keep && !list.some((option) => option.value === String(keep.id)))
      list.unshift({ value: String(keep.id), label: keep.name });
    return list;
  }, [query.data, keep]);
  return { options: choices, isError: query.isError };
}

function useRefresh(kind: ClassificationKind) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: attributeKeys.lists(kind) });
}

/** POST /api/{list}: added at the end. */
export function useCreateClassification(kind: ClassificationKind) {
  return useMutation({
    mutationFn: async (input: ClassificationInput) => (await api.post(apiPath(kind), input, one)).data,
    onSuccess: useRefresh(kind),
  });
}

/** PATCH /api/{list}/{id}: rename. */
export function useRenameClassification(kind: ClassificationKind) {
  return useMutation({
    mutationFn: async ({ id, name }: { id: number; name: string }) =>
      (await api.patch(`${apiPath(kind)}/${id}`, { name }, one)).data,
    onSuccess: useRefresh(kind),
  });
}

/** POST /api/{list}/reorder: every id once, in the new order (sub-types: those of one type). */
export function useReorderClassifications(kind: ClassificationKind, parentId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) =>
      (await api.post(`${apiPath(kind)}/reorder`, { ids, investment_type_id: parentId }, many)).data,
    onSuccess: (entries) => queryClient.setQueryData(attributeKeys.list(kind, parentId), entries),
    onError: useRefresh(kind),
  });
}

/** DELETE /api/{list}/{id}: refused (422, saying by what) while deals, opportunities or KPIs use it. */
export function useDeleteClassification(kind: ClassificationKind) {
  return useMutation({
    mutationFn: (id: number) => api.delete(`${apiPath(kind)}/${id}`),
    onSuccess: useRefresh(kind),
  });
}

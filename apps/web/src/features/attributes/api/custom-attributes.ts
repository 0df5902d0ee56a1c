import {
  attributeListSchema,
  attributeSchema,
  dataOf,
  type Attribute,
  type AttributeChanges,
  type AttributeInput,
} from '@portico/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { attributeKeys } from './attribute-keys';

const one = dataOf(attributeSchema);

/** GET /api/attributes (every staff role): every custom attribute, by record type and in order. */
export const customAttributesQueryOptions = () =>
  queryOptions({
    queryKey: attributeKeys.custom(),
    queryFn: async ({ signal }) =>
      (await api.get('/api/attributes?per_page=100', attributeListSchema, { signal })).data as Attribute[],
  });

export function useCustomAttributes() {
  return useQuery(customAttributesQueryOptions());
}

export function useCustomAttribute(id: number | undefined) {
  return useQuery({
    queryKey: attributeKeys.customOne(id ?? 0),
    queryFn: async ({ signal }) => (await api.get(`/api/attributes/${id ?? 0}`, one, { signal })).data,
    enabled: id !== undefined,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: attributeKeys.custom() });
}

/** POST /api/attributes (attributes:create), with its options. */
export function useCreateCustomAttribute() {
  return useMutation({
    mutationFn: async (input: AttributeInput) => (await api.post('/api/attributes', input, one)).data,
    onSuccess: useRefresh(),
  });
}

/** PATCH /api/attributes/{id}: the options sent replace the old ones; `locked` needs attributes_lock. */
export function useUpdateCustomAttribute(id: number) {
  return useMutation({
    mutationFn: async (changes: AttributeChanges) =>
      (await api.patch(`/api/attributes/${id}`, changes, one)).data,
    onSuccess: useRefresh(),
  });
}

/** DELETE /api/attributes/{id}: its values go with it (422 while locked). */
export function useDeleteCustomAttribute() {
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/attributes/${id}`),
    onSuccess: useRefresh(),
  });
}

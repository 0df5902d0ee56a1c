import { dataOf, kpiListSchema, kpiSchema, type Kpi, type KpiInput } from '@portico/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dataListOf } from '../../../lib/parsers';
import { attributeKeys } from './attribute-keys';

const one = dataOf(kpiSchema);

/** GET /api/kpis (every staff role): the KPI definitions, by category and in order. */
export const kpisQueryOptions = () =>
  queryOptions({
    queryKey: attributeKeys.kpis(),
    queryFn: async ({ signal }) =>
      (await api.get('/api/kpis?per_page=100', kpiListSchema, { signal })).data as Kpi[],
  });

export function useKpis() {
  return useQuery(kpisQueryOptions());
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: attributeKeys.kpis() });
}

export function useSaveKpi() {
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: KpiInput }) =>
      (id === undefined
        ? await api.post('/api/kpis', input, one)
        : await api.patch(`/api/kpis/${id}`, input, one)
      ).data,
    onSuccess: useRefresh(),
  });
}

export function useReorderKpis() {
  return useMutation({
    mutationFn: ({ categoryId, ids }: { categoryId: number; ids: number[] }) =>
      api.post('/api/kpis/reorder', { kpi_category_id: categoryId, ids }, dataListOf(kpiSchema)),
    onSettled: useRefresh(),
  });
}

export function useDeleteKpi() {
  return useMutation({ mutationFn: (id: number) => api.delete(`/api/kpis/${id}`), onSuccess: useRefresh() });
}

import {
  dataOf,
  portfolioSettingSchema,
  type PortfolioColumnInput,
  type PortfolioColumnsInput,
  type PortfolioSettingKind,
  type PortfolioStatsInput,
} from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dataListOf } from '../../../lib/parsers';
import { portfolioSettingsKeys } from './portfolio-settings-keys';

const list = dataListOf(portfolioSettingSchema);
const one = dataOf(portfolioSettingSchema);
const PATHS: Record<PortfolioSettingKind, string> = {
  column: '/api/settings/portfolio-columns',
  stat: '/api/settings/portfolio-stats',
};
const keyOf = (kind: PortfolioSettingKind) =>
  kind === 'column' ? portfolioSettingsKeys.columns() : portfolioSettingsKeys.stats();

/** GET /api/settings/portfolio-columns or portfolio-stats (branding): every entry, in order. */
export function usePortfolioSettings(kind: PortfolioSettingKind) {
  return useQuery({
    queryKey: keyOf(kind),
    queryFn: async ({ signal }) => (await api.get(PATHS[kind], list, { signal })).data,
  });
}

/** GET /api/settings/portfolio-columns/{id}: one column. */
export function usePortfolioColumn(id: number) {
  return useQuery({
    queryKey: portfolioSettingsKeys.column(id),
    queryFn: async ({ signal }) => (await api.get(`${PATHS.column}/${id}`, one, { signal })).data,
  });
}

/** PUT the whole order, visibility and labels of the columns or the figures. */
export function useSavePortfolioSettings(kind: PortfolioSettingKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PortfolioColumnsInput | PortfolioStatsInput) =>
      (await api.put(PATHS[kind], body, list)).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(keyOf(kind), saved);
      void queryClient.invalidateQueries({ queryKey: portfolioSettingsKeys.all });
    },
  });
}

/** PATCH /api/settings/portfolio-columns/{id}: one column's label or visibility. */
export function useUpdatePortfolioColumn(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: PortfolioColumnInput) =>
      (await api.patch(`${PATHS.column}/${id}`, changes, one)).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(portfolioSettingsKeys.column(id), saved);
      void queryClient.invalidateQueries({ queryKey: portfolioSettingsKeys.all });
    },
  });
}

import { dataOf, investorKpisSchema } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { portfolioKeys } from '../api/portfolio';

const kpis = dataOf(investorKpisSchema);

/** GET /api/portfolio/{opportunityId}/kpis: the company's KPIs over time (404 unless the investor holds or held it). */
export function useHoldingKpis(opportunityId: number | undefined) {
  return useQuery({
    queryKey: [...portfolioKeys.holding(opportunityId ?? 0), 'kpis'] as const,
    queryFn: async ({ signal }) =>
      (await api.get(`/api/portfolio/${opportunityId ?? 0}/kpis`, kpis, { signal })).data,
    enabled: opportunityId !== undefined,
  });
}

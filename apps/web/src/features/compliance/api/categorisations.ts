import { categorisationSchema, dataOf, type NewCategorisationInput } from '@portico/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dataListOf } from '../../../lib/parsers';
import { complianceKeys, useRefreshInvestor } from './compliance-keys';

const list = dataListOf(categorisationSchema);
const one = dataOf(categorisationSchema);
const base = (id: number) => `/api/investors/${id}/categorisations`;

/** GET /api/investors/{id}/categorisations (investors:show): most recently signed first. */
export async function getCategorisations(id: number, signal?: AbortSignal) {
  return (await api.get(base(id), list, { signal })).data;
}

export function useCategorisations(id: number) {
  return useQuery({
    queryKey: complianceKeys.categorisations(id),
    queryFn: ({ signal }) => getCategorisations(id, signal),
  });
}

/** POST /api/investors/{id}/categorisations (investors:update): a statement signed on a date. */
export function useRecordCategorisation(id: number) {
  const refresh = useRefreshInvestor();
  return useMutation({
    mutationFn: async (input: NewCategorisationInput) => (await api.post(base(id), input, one)).data,
    onSuccess: () => refresh(id),
  });
}

/** POST …/categorisations/{cid}/approve or /reject (investor_category:update); the investor is told. */
export function useDecideCategorisation(id: number) {
  const refresh = useRefreshInvestor();
  return useMutation({
    mutationFn: async (decision: { categorisationId: number; reason?: string }) => {
      const path = `${base(id)}/${decision.categorisationId}`;
      const answer =
        decision.reason === undefined
          ? await api.post(`${path}/approve`, undefined, one)
          : await api.post(`${path}/reject`, { reason: decision.reason }, one);
      return answer.data;
    },
    onSettled: () => refresh(id),
  });
}

import {
  dataOf,
  investorMarketSoundingSchema,
  type InvestorMarketSounding,
  type MarketSoundingResponse,
} from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const investorMarketSoundingKeys = {
  all: ['profile-market-soundings'] as const,
  detail: (id: number) => [...investorMarketSoundingKeys.all, 'detail', id] as const,
};

const base = '/api/profile/market-soundings';
const one = dataOf(investorMarketSoundingSchema);

/**
 * GET /api/profile/market-soundings/{id}: the investor's own sounding; 404 for any other. Until they
 * accept it holds only the consent wording (the first read is recorded as viewed by the server).
 */
export function useInvestorMarketSounding(id: number | undefined) {
  return useQuery({
    queryKey: investorMarketSoundingKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await api.get(`${base}/${id ?? 0}`, one, { signal })).data,
    enabled: id !== undefined,
    retry: false,
  });
}

type Decision = 'accept' | 'decline';

/** Every step answers the sounding as it now stands: the page shows that answer at once. */
function useStep<Input>(id: number, send: (input: Input) => Promise<InvestorMarketSounding>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (sounding) => queryClient.setQueryData(investorMarketSoundingKeys.detail(id), sounding),
  });
}

/** POST …/accept (the answer holds the deal's details) or …/decline (it holds nothing more). */
export function useDecideMarketSounding(id: number, decision: Decision) {
  return useStep<void>(id, async () => (await api.post(`${base}/${id}/${decision}`, undefined, one)).data);
}

/**
 * POST …/opt-out: no more soundings, whatever was decided here (idempotent). Its answer is the sounding
 * when the server sends it; otherwise the sounding is read again.
 */
export function useOptOutOfMarketSoundings(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => api.post(`${base}/${id}/opt-out`),
    onSuccess: (answer) => {
      const parsed = one.safeParse(answer);
      if (parsed.success) queryClient.setQueryData(investorMarketSoundingKeys.detail(id), parsed.data.data);
      else return queryClient.invalidateQueries({ queryKey: investorMarketSoundingKeys.detail(id) });
    },
  });
}

/** POST …/response `{response: 1 | 2 | 3}`: once, after accepting. */
export function useAnswerMarketSounding(id: number) {
  return useStep<MarketSoundingResponse>(
    id,
    async (response) => (await api.post(`${base}/${id}/response`, { response }, one)).data,
  );
}

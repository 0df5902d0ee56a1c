import {
  dataOf,
  investorOnboardingStepsSchema,
  investorScreeningSchema,
  type ScreeningDecision,
} from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { investorKeys } from '../../investors/api/investor-keys';
import { identityKeys } from './identity-keys';

const stepsResponse = dataOf(investorOnboardingStepsSchema);
const screeningResponse = dataOf(investorScreeningSchema);

/** The signed download links last 15 minutes: the evidence is fetched again well before they expire. */
const LINK_REFRESH_MS = 10 * 60_000;

/** GET /api/investors/{id}/onboarding (investors:show): each step with its evidence. */
export async function getInvestorOnboardingSteps(id: number, signal?: AbortSignal) {
  return (await api.get(`/api/investors/${id}/onboarding`, stepsResponse, { signal })).data;
}

export function useInvestorOnboardingSteps(id: number) {
  return useQuery({
    queryKey: identityKeys.investorOnboarding(id),
    queryFn: ({ signal }) => getInvestorOnboardingSteps(id, signal),
    staleTime: LINK_REFRESH_MS / 2,
    refetchInterval: LINK_REFRESH_MS,
  });
}

/** GET /api/investors/{id}/screening (investors:show): which check to run, and every check. */
export async function getInvestorScreening(id: number, signal?: AbortSignal) {
  return (await api.get(`/api/investors/${id}/screening`, screeningResponse, { signal })).data;
}

export function useInvestorScreening(id: number, enabled: boolean) {
  return useQuery({
    queryKey: identityKeys.investor(id),
    queryFn: ({ signal }) => getInvestorScreening(id, signal),
    enabled,
  });
}

export interface ScreeningDecisionValues {
  checkId: number;
  decision: ScreeningDecision;
  reason: string;
}

/** POST /api/investors/{id}/screening/{checkId}/decision (investors:update); the investor is told. */
export function useDecideScreening(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ checkId, decision, reason }: ScreeningDecisionValues) =>
      (
        await api.post(
          `/api/investors/${id}/screening/${checkId}/decision`,
          { decision, ...(reason.trim() ? { reason } : {}) },
          screeningResponse,
        )
      ).data,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: [...identityKeys.all, 'investor', id] });
      await client.invalidateQueries({ queryKey: investorKeys.all });
    },
  });
}

import { dataOf, investorOnboardingSchema } from '@portico/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, type UploadProgress } from '../../../lib/api-client';
import { complianceKeys, useRefreshInvestor } from './compliance-keys';

const response = dataOf(investorOnboardingSchema);
const base = (id: number) => `/api/investors/${id}/onboarding-documents`;

/** The signed download links last 15 minutes: the list is fetched again well before they expire. */
const LINK_REFRESH_MS = 10 * 60_000;

/** GET /api/investors/{id}/onboarding-documents (investors:show): each active requirement and where it stands. */
export async function getInvestorOnboarding(id: number, signal?: AbortSignal) {
  return (await api.get(base(id), response, { signal })).data;
}

export function useInvestorOnboarding(id: number) {
  return useQuery({
    queryKey: complianceKeys.onboarding(id),
    queryFn: ({ signal }) => getInvestorOnboarding(id, signal),
    staleTime: LINK_REFRESH_MS / 2,
    refetchInterval: LINK_REFRESH_MS,
  });
}

export interface OnboardingUpload {
  requirementId: number;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

/** POST /api/investors/{id}/onboarding-documents (investors:update): one file for a requirement, on the investor's behalf. */
export function useUploadOnboardingDocument(id: number) {
  const refresh = useRefreshInvestor();
  return useMutation({
    mutationFn: async ({ requirementId, file, onProgress }: OnboardingUpload) => {
      const form = new FormData();
      form.append('requirement_id', String(requirementId));
      form.append('files', file, file.name);
      return (await api.upload(base(id), form, response, { onProgress })).data;
    },
    onSuccess: () => refresh(id),
  });
}

/** POST …/onboarding-documents/{did}/approve or /reject (investors:update); the investor is told. */
export function useReviewOnboardingDocument(id: number) {
  const refresh = useRefreshInvestor();
  return useMutation({
    mutationFn: async (decision: { documentId: number; reason?: string }) => {
      const path = `${base(id)}/${decision.documentId}`;
      const answer =
        decision.reason === undefined
          ? await api.post(`${path}/approve`, undefined, response)
          : await api.post(`${path}/reject`, { reason: decision.reason }, response);
      return answer.data;
    },
    onSettled: () => refresh(id),
  });
}

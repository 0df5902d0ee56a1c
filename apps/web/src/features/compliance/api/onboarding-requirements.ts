import {
  dataOf,
  onboardingRequirementSchema,
  type NewOnboardingRequirementInput,
  type OnboardingRequirementChanges,
} from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dataListOf } from '../../../lib/parsers';
import { complianceKeys } from './compliance-keys';

const list = dataListOf(onboardingRequirementSchema);
const one = dataOf(onboardingRequirementSchema);
const base = '/api/onboarding-requirements';

/** GET /api/onboarding-requirements (onboarding_documents:index): every sign-up document, in order. */
export async function getOnboardingRequirements(signal?: AbortSignal) {
  return (await api.get(base, list, { signal })).data;
}

export function useOnboardingRequirements() {
  return useQuery({
    queryKey: complianceKeys.requirements,
    queryFn: ({ signal }) => getOnboardingRequirements(signal),
  });
}

/** A change to what is required moves investors' onboarding state: their records refresh too. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: complianceKeys.requirements }),
      queryClient.invalidateQueries({ queryKey: ['records'] }),
      queryClient.invalidateQueries({ queryKey: ['investors'] }),
    ]);
}

/** POST /api/onboarding-requirements (onboarding_documents:create). */
export function useCreateOnboardingRequirement() {
  return useMutation({
    mutationFn: async (input: NewOnboardingRequirementInput) => (await api.post(base, input, one)).data,
    onSuccess: useRefresh(),
  });
}

/** PATCH /api/onboarding-requirements/{id} (onboarding_documents:update). */
export function useUpdateOnboardingRequirement() {
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: OnboardingRequirementChanges }) =>
      (await api.patch(`${base}/${id}`, changes, one)).data,
    onSuccess: useRefresh(),
  });
}

/** DELETE /api/onboarding-requirements/{id} (onboarding_documents:delete): only one nobody has submitted for. */
export function useDeleteOnboardingRequirement() {
  return useMutation({
    mutationFn: (id: number) => api.delete(`${base}/${id}`),
    onSuccess: useRefresh(),
  });
}

/** POST /api/onboarding-requirements/reorder (onboarding_documents:update): every id, in the order wanted. */
export function useReorderOnboardingRequirements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) => (await api.post(`${base}/reorder`, { ids }, list)).data,
    onSuccess: (ordered) => queryClient.setQueryData(complianceKeys.requirements, ordered),
    onSettled: () => queryClient.invalidateQueries({ queryKey: complianceKeys.requirements }),
  });
}

import type { ProfileOnboarding } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { identityKeys } from './identity-keys';

async function parser() {
  return (await import('./onboarding-answer')).profileOnboardingResponse;
}

/** GET /api/profile/onboarding: the signed-in investor's checklist, parsed by the contract. */
export async function getProfileOnboarding(signal?: AbortSignal): Promise<ProfileOnboarding> {
  const [body, response] = await Promise.all([
    api.get('/api/profile/onboarding', undefined, { signal }),
    parser(),
  ]);
  return response.parse(body).data;
}

export function useProfileOnboarding() {
  return useQuery({
    queryKey: identityKeys.onboarding(),
    queryFn: ({ signal }) => getProfileOnboarding(signal),
  });
}

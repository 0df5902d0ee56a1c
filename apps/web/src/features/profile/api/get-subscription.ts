import { dataOf, profileSubscriptionSchema } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './profile-keys';

const response = dataOf(profileSubscriptionSchema.nullable());

/** GET /api/profile/subscription: the investor's membership, or null when they have none. */
export async function getProfileSubscription(signal?: AbortSignal) {
  return (await api.get('/api/profile/subscription', response, { signal })).data;
}

export function useProfileSubscription() {
  return useQuery({
    queryKey: profileKeys.subscription(),
    queryFn: ({ signal }) => getProfileSubscription(signal),
  });
}

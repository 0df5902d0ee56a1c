import { dataOf, subscriptionSchema, type SubscriptionInput } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';

const one = dataOf(subscriptionSchema);
const maybe = dataOf(subscriptionSchema.nullable());
const path = (id: number) => `/api/investors/${id}/subscription`;
const investor = (id: number) => recordKeys.record({ type: 'investor', id });
export const subscriptionKey = (id: number) => [...investor(id), 'subscription'] as const;

/** GET /api/investors/{id}/subscription (investors:show): the membership, or null. */
export function useInvestorSubscription(id: number) {
  return useQuery({
    queryKey: subscriptionKey(id),
    queryFn: async ({ signal }) => (await api.get(path(id), maybe, { signal })).data,
  });
}

/** PUT /api/investors/{id}/subscription (investors:update); the activity timeline follows. */
export function useSaveInvestorSubscription(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SubscriptionInput) => (await api.put(path(id), input, one)).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(subscriptionKey(id), saved);
      return queryClient.invalidateQueries({ queryKey: investor(id) });
    },
  });
}

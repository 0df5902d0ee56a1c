import { profilePreEmptionSchema, type PreEmptionChoiceInput } from '@portico/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { investingKeys } from './investing-keys';

const listSchema = z.object({ data: z.array(profilePreEmptionSchema) });
const oneSchema = z.object({ data: profilePreEmptionSchema });

/** GET /api/profile/pre-emption: the investor's pre-emption rights in live rounds. */
export const myPreEmptionQueryOptions = () =>
  queryOptions({
    queryKey: investingKeys.preEmption(),
    queryFn: async ({ signal }) => (await api.get('/api/profile/pre-emption', listSchema, { signal })).data,
  });

export function useMyPreEmption() {
  return useQuery(myPreEmptionQueryOptions());
}

/** PUT /api/profile/pre-emption/{opportunityId}: the investor's choice (a 422 names the field). */
export function useChoosePreEmption(opportunityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: PreEmptionChoiceInput) =>
      (await api.put(`/api/profile/pre-emption/${opportunityId}`, input, oneSchema)).data,
    // What is held for the holder changes what remains for them: ask for the figures again.
    onSuccess: () => client.invalidateQueries({ queryKey: investingKeys.all }),
  });
}

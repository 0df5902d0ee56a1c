import {
  dataOf,
  preEmptionRoundSchema,
  type PreEmptionChoiceInput,
  type PreEmptionOpenInput,
} from '@portico/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

export const preEmptionKeys = {
  round: (opportunityId: number) => ['pre-emption', opportunityId] as const,
  existing: () => ['pre-emption', 'existing-investments'] as const,
};

const roundSchema = dataOf(preEmptionRoundSchema);
const existingSchema = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) });

/** GET /api/opportunities/{id}/pre-emption: the round's holders and totals; null when it is no round. */
export function usePreEmptionRound(opportunityId: number) {
  return useQuery(
    queryOptions({
      queryKey: preEmptionKeys.round(opportunityId),
      queryFn: async ({ signal }) => {
        try {
          return (await api.get(`/api/opportunities/${opportunityId}/pre-emption`, roundSchema, { signal }))
            .data;
        } catch (error) {
          if (isApiError(error) && error.status === 404) return null;
          throw error;
        }
      },
    }),
  );
}

/** The completed and matured opportunities a round may raise for (GET /api/opportunities). */
export function useExistingInvestments(enabled: boolean) {
  return useQuery({
    queryKey: preEmptionKeys.existing(),
    enabled,
    queryFn: async ({ signal }) =>
      (
        await api.get(
          '/api/opportunities?filter[status]=5,6&sort=name&per_page=100&fields=id,name',
          existingSchema,
          { signal },
        )
      ).data,
  });
}

/** POST /api/opportunities/{id}/pre-emption: the round raises for an existing investment. */
export function useOpenPreEmption(opportunityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PreEmptionOpenInput) =>
      api.post(`/api/opportunities/${opportunityId}/pre-emption`, input, roundSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: preEmptionKeys.round(opportunityId) }),
  });
}

/** PUT /api/opportunities/{id}/pre-emption/{userId}: staff record a holder's choice. */
export function useRecordPreEmption(opportunityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: number; input: PreEmptionChoiceInput }) =>
      api.put(`/api/opportunities/${opportunityId}/pre-emption/${userId}`, input, roundSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: preEmptionKeys.round(opportunityId) }),
  });
}

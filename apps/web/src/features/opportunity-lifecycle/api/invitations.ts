import { opportunityInvitationListSchema, type CreateOpportunityInvitationsInput } from '@portico/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { lifecycleKeys } from './lifecycle-keys';

/** GET /api/opportunities/{id}/invitations (investment_opportunity_live:show). */
export function getInvitations(opportunityId: number, signal?: AbortSignal) {
  return api.get(`/api/opportunities/${opportunityId}/invitations`, opportunityInvitationListSchema, {
    signal,
  });
}

export const invitationsQueryOptions = (opportunityId: number) =>
  queryOptions({
    queryKey: lifecycleKeys.invitations(opportunityId),
    queryFn: ({ signal }) => getInvitations(opportunityId, signal),
  });

export function useInvitations(opportunityId: number) {
  return useQuery(invitationsQueryOptions(opportunityId));
}

/** POST /api/opportunities/{id}/invitations (…:update): answers every invitation of the opportunity. */
export async function invite({
  opportunityId,
  input,
}: {
  opportunityId: number;
  input: CreateOpportunityInvitationsInput;
}) {
  return api.post(`/api/opportunities/${opportunityId}/invitations`, input, opportunityInvitationListSchema);
}

/** DELETE /api/opportunities/{id}/invitations/{invitationId} (…:update). */
export async function withdrawInvitation({
  opportunityId,
  invitationId,
}: {
  opportunityId: number;
  invitationId: number;
}) {
  await api.delete(`/api/opportunities/${opportunityId}/invitations/${invitationId}`);
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invite,
    onSuccess: (list, { opportunityId }) => {
      queryClient.setQueryData(lifecycleKeys.invitations(opportunityId), list);
      return queryClient.invalidateQueries({
        queryKey: recordKeys.activity({ type: 'opportunity', id: opportunityId }),
      });
    },
  });
}

export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvitation,
    onSuccess: (_nothing, { opportunityId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: lifecycleKeys.invitations(opportunityId) }),
        queryClient.invalidateQueries({
          queryKey: recordKeys.activity({ type: 'opportunity', id: opportunityId }),
        }),
      ]),
  });
}

import { dataOf, opportunitySchema, type OpportunityStatus } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { lifecycleKeys } from './lifecycle-keys';

const response = dataOf(opportunitySchema);

/**
 * POST /api/opportunities/{id}/transition: answers the opportunity as GET /api/opportunities/{id}; a 422
 * names the move refused or each field missing.
 */
export async function transitionOpportunity({
  id,
  status,
  allotted_on,
}: {
  id: number;
  status: OpportunityStatus;
  /** Completed only: the allotment date, default today */
  allotted_on?: string;
}) {
  const body = allotted_on ? { status, allotted_on } : { status };
  return (await api.post(`/api/opportunities/${id}/transition`, body, response)).data;
}

export function useTransitionOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionOpportunity,
    onSuccess: (_moved, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: lifecycleKeys.opportunities }),
        queryClient.invalidateQueries({ queryKey: lifecycleKeys.invitations(id) }),
        queryClient.invalidateQueries({ queryKey: recordKeys.record({ type: 'opportunity', id }) }),
        queryClient.invalidateQueries({ queryKey: ['search'] }),
      ]),
  });
}

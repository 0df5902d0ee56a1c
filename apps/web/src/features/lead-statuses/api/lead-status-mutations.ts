import { dataOf, leadStatusSchema, type LeadStatusInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { leadStatusKeys } from './lead-status-keys';

const response = dataOf(leadStatusSchema);

/** POST /api/lead-statuses (investor_type:create). */
export async function createLeadStatus(input: LeadStatusInput) {
  return (await api.post('/api/lead-statuses', input, response)).data;
}

/** PATCH /api/lead-statuses/{id} (investor_type:update): rename, recolour, reorder, make default. */
export async function updateLeadStatus({ id, changes }: { id: number; changes: Partial<LeadStatusInput> }) {
  return (await api.patch(`/api/lead-statuses/${id}`, changes, response)).data;
}

/** DELETE /api/lead-statuses/{id} (investor_type:delete): records that had it keep no status. */
export async function deleteLeadStatus(id: number) {
  await api.delete(`/api/lead-statuses/${id}`);
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: leadStatusKeys.all });
}

export function useCreateLeadStatus() {
  return useMutation({ mutationFn: createLeadStatus, onSuccess: useRefresh() });
}

export function useUpdateLeadStatus() {
  return useMutation({ mutationFn: updateLeadStatus, onSuccess: useRefresh() });
}

/** The gap between positions, so a status added later with a position can sit between two. */
export const POSITION_STEP = 10;

/**
 * Saves a new order: each status whose position changes gets one PATCH (positions 0, 10, 20, …). The
 * list refreshes once they are all done, or when one fails.
 */
export function useReorderLeadStatuses() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (ordered: ReadonlyArray<{ id: number; position: number }>) => {
      const moves = ordered
        .map((status, index) => ({ id: status.id, from: status.position, to: index * POSITION_STEP }))
        .filter((move) => move.from !== move.to);
      for (const move of moves) await updateLeadStatus({ id: move.id, changes: { position: move.to } });
    },
    onSettled: refresh,
  });
}

export function useDeleteLeadStatus() {
  return useMutation({ mutationFn: deleteLeadStatus, onSuccess: useRefresh() });
}

import { dataOf, staffAccountSchema } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { staffAccountKeys } from './staff-account-keys';

const response = dataOf(staffAccountSchema);

export type StaffAccountAction = 'deactivate' | 'reactivate' | 'resend-invitation';

/**
 * POST /api/admin-accounts/{id}/deactivate (user:delete), /reactivate (user:update),
 * /resend-invitation (user:create).
 */
export async function runStaffAccountAction({ id, action }: { id: number; action: StaffAccountAction }) {
  return (await api.post(`/api/admin-accounts/${id}/${action}`, undefined, response)).data;
}

export function useStaffAccountAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runStaffAccountAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffAccountKeys.lists() }),
  });
}

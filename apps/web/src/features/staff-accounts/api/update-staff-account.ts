import { dataOf, staffAccountSchema, type UpdateStaffInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { staffAccountKeys } from './staff-account-keys';

const response = dataOf(staffAccountSchema);

/** PATCH /api/admin-accounts/{id}: rename or change the role. */
export async function updateStaffAccount({ id, input }: { id: number; input: UpdateStaffInput }) {
  return (await api.patch(`/api/admin-accounts/${id}`, input, response)).data;
}

export function useUpdateStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaffAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffAccountKeys.lists() }),
  });
}

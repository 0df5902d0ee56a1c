import { dataOf, staffAccountSchema, type InviteStaffInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { staffAccountKeys } from './staff-account-keys';

const response = dataOf(staffAccountSchema);

/** POST /api/admin-accounts: creates the account and emails a set-password invitation. */
export async function inviteStaffAccount(input: InviteStaffInput) {
  return (await api.post('/api/admin-accounts', input, response)).data;
}

export function useInviteStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteStaffAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffAccountKeys.lists() }),
  });
}

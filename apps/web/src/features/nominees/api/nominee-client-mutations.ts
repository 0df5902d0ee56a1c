import { dataOf, nomineeClientSchema, type CreateNomineeClientInput } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { nomineeKeys } from './nominee-keys';

const response = dataOf(nomineeClientSchema);

/** POST /api/nominees/{id}/clients (investors:update): the nominee now acts for this investor. */
export async function addNomineeClient({
  nomineeId,
  input,
}: {
  nomineeId: number;
  input: CreateNomineeClientInput;
}) {
  return (await api.post(`/api/nominees/${nomineeId}/clients`, input, response)).data;
}

/** DELETE /api/nominees/{id}/clients/{clientId} (investors:update): it no longer acts for them. */
export async function removeNomineeClient({ nomineeId, clientId }: { nomineeId: number; clientId: number }) {
  await api.delete(`/api/nominees/${nomineeId}/clients/${clientId}`);
}

/** A client change moves the nominee's clients_count and its activity. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (nomineeId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: nomineeKeys.clients(nomineeId) }),
      queryClient.invalidateQueries({ queryKey: nomineeKeys.detail(nomineeId) }),
      queryClient.invalidateQueries({ queryKey: nomineeKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: recordKeys.activity({ type: 'nominee', id: nomineeId }) }),
    ]);
}

export function useAddNomineeClient() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: addNomineeClient,
    onSuccess: (_client, { nomineeId }) => refresh(nomineeId),
  });
}

export function useRemoveNomineeClient() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: removeNomineeClient,
    onSuccess: (_nothing, { nomineeId }) => refresh(nomineeId),
  });
}

import { dataOf, importSchema } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { importKeys } from './import-keys';

const response = dataOf(importSchema);

export interface ImportRun {
  id: number;
  /** email each new investor an invitation to set a password */
  sendInvitations: boolean;
}

/** POST /api/imports/{id}/run: 202, the import now running in the background. */
export async function runImport({ id, sendInvitations }: ImportRun) {
  const body = await api.post(`/api/imports/${id}/run`, { send_invitations: sendInvitations }, response);
  return body.data;
}

export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runImport,
    onSuccess: (started) => {
      // Seeding the cache with status "running" starts the polling.
      queryClient.setQueryData(importKeys.detail(started.id), started);
      return queryClient.invalidateQueries({ queryKey: importKeys.list() });
    },
  });
}

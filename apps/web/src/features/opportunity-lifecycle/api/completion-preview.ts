import { completionPreviewSchema, dataOf } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/opportunities/{id}/completion: what completing the round today would do (issue 18). */
export function useCompletionPreview(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['opportunity-completion', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get(`/api/opportunities/${id}/completion`, dataOf(completionPreviewSchema), { signal }))
        .data,
    enabled,
    // the money can move while the dialog is open elsewhere: always ask again
    staleTime: 0,
  });
}

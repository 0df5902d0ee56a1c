import { complianceSettingsSchema, dataOf } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appropriatenessKeys } from './appropriateness-keys';

const one = dataOf(complianceSettingsSchema);
const path = '/api/compliance-settings/1';

/** GET /api/compliance-settings/1: the allowed tries (9999 means unlimited). */
export function useComplianceSettings() {
  return useQuery({
    queryKey: appropriatenessKeys.settings,
    queryFn: async ({ signal }) => (await api.get(path, one, { signal })).data,
  });
}

/** PATCH /api/compliance-settings/1 (compliance:update): 0 or null means unlimited. */
export function useUpdateComplianceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tries: number | null) =>
      (await api.patch(path, { compliance_tries: tries }, one)).data,
    onSuccess: (saved) => queryClient.setQueryData(appropriatenessKeys.settings, saved),
  });
}

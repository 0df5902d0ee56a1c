import {
  dataOf,
  defaultInvestorAssociatesSchema,
  type UpdateDefaultInvestorAssociatesInput,
} from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { promotionExceptionKeys } from './promotion-exception-keys';

const response = dataOf(defaultInvestorAssociatesSchema);
const path = '/api/settings/default-investor-associates';

/** GET /api/settings/default-investor-associates (features:show). */
export function useDefaultAssociates() {
  return useQuery({
    queryKey: promotionExceptionKeys.defaultAssociates,
    queryFn: async ({ signal }) => (await api.get(path, response, { signal })).data,
  });
}

/** PUT /api/settings/default-investor-associates (features:update). */
export function useUpdateDefaultAssociates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateDefaultInvestorAssociatesInput) =>
      (await api.put(path, input, response)).data,
    onSuccess: (data) => queryClient.setQueryData(promotionExceptionKeys.defaultAssociates, data),
  });
}

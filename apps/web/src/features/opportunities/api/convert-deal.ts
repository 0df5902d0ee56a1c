import { dataOf, opportunitySchema } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/records/record-keys';
import { opportunityKeys } from './opportunity-keys';

const response = dataOf(opportunitySchema);

/** POST /api/pipeline-deals/{id}/opportunity: the deal as a draft opportunity (once). */
export async function convertDeal(dealId: number) {
  return (await api.post(`/api/pipeline-deals/${dealId}/opportunity`, undefined, response)).data;
}

export function useConvertDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertDeal,
    onSuccess: (saved, dealId) => {
      queryClient.setQueryData(opportunityKeys.detail(saved.id), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: opportunityKeys.lists() }),
        queryClient.invalidateQueries({
          queryKey: recordKeys.activity({ type: 'pipeline_deal', id: dealId }),
        }),
      ]);
    },
  });
}

import { dataOf, pipelineDealSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dealKeys } from './deal-keys';

const response = dataOf(pipelineDealSchema);

/** GET /api/pipeline-deals/{id} (pipeline_deals:show). */
export async function getDeal(id: number, signal?: AbortSignal) {
  return (await api.get(`/api/pipeline-deals/${id}`, response, { signal })).data;
}

export const dealQueryOptions = (id: number) =>
  queryOptions({ queryKey: dealKeys.detail(id), queryFn: ({ signal }) => getDeal(id, signal) });

export function useDeal(id: number | undefined) {
  return useQuery({ ...dealQueryOptions(id ?? 0), enabled: id !== undefined });
}

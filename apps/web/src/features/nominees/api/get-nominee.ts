import { dataOf, nomineeSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { nomineeKeys } from './nominee-keys';

const response = dataOf(nomineeSchema);

/** GET /api/nominees/{id} (investors:show). */
export async function getNominee(id: number, signal?: AbortSignal) {
  return (await api.get(`/api/nominees/${id}`, response, { signal })).data;
}

export const nomineeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: nomineeKeys.detail(id),
    queryFn: ({ signal }) => getNominee(id, signal),
  });

export function useNominee(id: number | undefined) {
  return useQuery({ ...nomineeQueryOptions(id ?? 0), enabled: id !== undefined });
}

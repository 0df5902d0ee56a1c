import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { investingKeys } from './investing-keys';
import { myInvestmentsSchema } from './investing-schemas';

/** GET /api/profile/investments: the investor's own commitments, with what a cash call needs. */
export async function getMyInvestments(signal?: AbortSignal) {
  return (await api.get('/api/profile/investments', myInvestmentsSchema, { signal })).data;
}

export const myInvestmentsQueryOptions = () =>
  queryOptions({
    queryKey: investingKeys.myInvestments(),
    queryFn: ({ signal }) => getMyInvestments(signal),
  });

export function useMyInvestments() {
  return useQuery(myInvestmentsQueryOptions());
}

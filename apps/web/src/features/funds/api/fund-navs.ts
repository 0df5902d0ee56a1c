import { dataOf, fundNavListSchema, fundNavSchema, type CreateFundNavInput } from '@portico/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fundKeys } from './fund-keys';

/** GET /api/funds/{id}/navs (funds:show): newest first, the replaced ones kept with when. */
export async function getFundNavs(fundId: number, signal?: AbortSignal) {
  return (await api.get(`/api/funds/${fundId}/navs`, fundNavListSchema, { signal })).data;
}

export const fundNavsQueryOptions = (fundId: number) =>
  queryOptions({ queryKey: fundKeys.navs(fundId), queryFn: ({ signal }) => getFundNavs(fundId, signal) });

export function useFundNavs(fundId: number) {
  return useQuery(fundNavsQueryOptions(fundId));
}

/** POST /api/funds/{id}/navs (funds:update): a NAV at a date; one already current that day is replaced. */
export async function recordFundNav({ fundId, input }: { fundId: number; input: CreateFundNavInput }) {
  return (await api.post(`/api/funds/${fundId}/navs`, input, dataOf(fundNavSchema))).data;
}

/** A new NAV moves the fund's latest NAV (its header and its list row) as well as the NAVs. */
export function useRecordFundNav() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordFundNav,
    onSuccess: (_nav, { fundId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fundKeys.navs(fundId) }),
        queryClient.invalidateQueries({ queryKey: fundKeys.detail(fundId) }),
        queryClient.invalidateQueries({ queryKey: fundKeys.lists() }),
      ]),
  });
}

import { dataOf, fundCompanySchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fundCompanyKeys } from './fund-company-keys';

const response = dataOf(fundCompanySchema);

/** GET /api/fund-companies/{id} (funds:show): the company with its status and figures. */
export async function getFundCompany(id: number, signal?: AbortSignal) {
  return (await api.get(`/api/fund-companies/${id}`, response, { signal })).data;
}

export const fundCompanyQueryOptions = (id: number) =>
  queryOptions({ queryKey: fundCompanyKeys.detail(id), queryFn: ({ signal }) => getFundCompany(id, signal) });

export function useFundCompany(id: number | undefined) {
  return useQuery({ ...fundCompanyQueryOptions(id ?? 0), enabled: id !== undefined });
}

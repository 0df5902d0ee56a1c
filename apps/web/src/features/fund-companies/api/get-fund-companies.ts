import { fundCompanyListSchema } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { recordListQuery } from '../../../lib/records/record-list-query';
import { fundCompanyKeys, type FundCompanyListParams } from './fund-company-keys';

/** The money columns are shown in the fund's currency: the fund is always asked for. */
const ALWAYS: readonly string[] = ['id', 'name', 'fund'];

/** GET /api/fund-companies (funds:index). */
export function getFundCompanies(params: FundCompanyListParams, signal?: AbortSignal) {
  return api.get(`/api/fund-companies?${recordListQuery(params, ALWAYS)}`, fundCompanyListSchema, { signal });
}

export const fundCompaniesQueryOptions = (params: FundCompanyListParams) =>
  queryOptions({
    queryKey: fundCompanyKeys.list(params),
    queryFn: ({ signal }) => getFundCompanies(params, signal),
    placeholderData: keepPreviousData,
  });

export function useFundCompanies(params: FundCompanyListParams) {
  return useQuery(fundCompaniesQueryOptions(params));
}

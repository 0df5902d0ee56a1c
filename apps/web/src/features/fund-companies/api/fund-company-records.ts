import {
  dataOf,
  fundCompanyStatusListSchema,
  fundCompanyStatusSchema,
  fundCompanyTransactionListSchema,
  fundCompanyTransactionSchema,
  type FundCompanyStatusInput,
  type FundCompanyTransactionInput,
} from '@portico/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fundCompanyKeys } from './fund-company-keys';

/** GET /api/fund-companies/{id}/transactions (funds:show): oldest first, reversals among them. */
export async function getFundCompanyTransactions(id: number, signal?: AbortSignal) {
  return (
    await api.get(`/api/fund-companies/${id}/transactions`, fundCompanyTransactionListSchema, { signal })
  ).data;
}

export const fundCompanyTransactionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: fundCompanyKeys.transactions(id),
    queryFn: ({ signal }) => getFundCompanyTransactions(id, signal),
  });

export function useFundCompanyTransactions(id: number) {
  return useQuery(fundCompanyTransactionsQueryOptions(id));
}

/** GET /api/fund-companies/{id}/statuses (funds:show): latest first; the first is the current one. */
export async function getFundCompanyStatuses(id: number, signal?: AbortSignal) {
  return (await api.get(`/api/fund-companies/${id}/statuses`, fundCompanyStatusListSchema, { signal })).data;
}

export function useFundCompanyStatuses(id: number) {
  return useQuery({
    queryKey: fundCompanyKeys.statuses(id),
    queryFn: ({ signal }) => getFundCompanyStatuses(id, signal),
  });
}

/** A transaction or a status moves the company's figures and status: its page, the list and the portfolio. */
const refresh = (queryClient: QueryClient, id: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: fundCompanyKeys.transactions(id) }),
    queryClient.invalidateQueries({ queryKey: fundCompanyKeys.statuses(id) }),
    queryClient.invalidateQueries({ queryKey: fundCompanyKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: fundCompanyKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: fundCompanyKeys.portfolios() }),
  ]);

/** POST /api/fund-companies/{id}/transactions (funds:update). */
export async function addFundCompanyTransaction({
  companyId,
  input,
}: {
  companyId: number;
  input: FundCompanyTransactionInput;
}) {
  return (
    await api.post(
      `/api/fund-companies/${companyId}/transactions`,
      input,
      dataOf(fundCompanyTransactionSchema),
    )
  ).data;
}

export function useAddFundCompanyTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFundCompanyTransaction,
    onSuccess: (_row, { companyId }) => refresh(queryClient, companyId),
  });
}

/** POST /api/fund-companies/{id}/transactions/{tx}/reversals (funds:update): once, with a reason. */
export async function reverseFundCompanyTransaction({
  companyId,
  transactionId,
  reason,
}: {
  companyId: number;
  transactionId: number;
  reason: string;
}) {
  return (
    await api.post(
      `/api/fund-companies/${companyId}/transactions/${transactionId}/reversals`,
      { reason },
      dataOf(fundCompanyTransactionSchema),
    )
  ).data;
}

export function useReverseFundCompanyTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverseFundCompanyTransaction,
    onSuccess: (_row, { companyId }) => refresh(queryClient, companyId),
  });
}

/** POST /api/fund-companies/{id}/statuses (funds:update). */
export async function recordFundCompanyStatus({
  companyId,
  input,
}: {
  companyId: number;
  input: FundCompanyStatusInput;
}) {
  return (await api.post(`/api/fund-companies/${companyId}/statuses`, input, dataOf(fundCompanyStatusSchema)))
    .data;
}

export function useRecordFundCompanyStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordFundCompanyStatus,
    onSuccess: (_row, { companyId }) => refresh(queryClient, companyId),
  });
}

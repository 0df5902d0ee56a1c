import {
  opportunityBankDetailsSchema,
  cashCallSchema,
  dataOf,
  investmentPaymentSchema,
  staffInvestmentListSchema,
  staffInvestmentSchema,
  type BankDetailsInput,
  type CancelInvestmentInput,
  type CashCallInput,
  type InvestmentStatus,
  type ManualInvestmentInput,
  type PaymentInput,
  type RefundInput,
} from '@portico/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** Whose investments a Transactions tab lists: the endpoint's path segment and the record's id. */
export type InvestmentsOwner =
  | { kind: 'opportunities'; id: number }
  | { kind: 'investors'; id: number }
  | { kind: 'organisations'; id: number }
  | { kind: 'investment-methods'; id: number }
  | { kind: 'nominees'; id: number };

export const investmentKeys = {
  all: ['staff-investments'] as const,
  list: (owner: InvestmentsOwner, statuses: readonly InvestmentStatus[]) =>
    [...investmentKeys.all, owner.kind, owner.id, [...statuses].sort().join(',')] as const,
  payments: (id: number) => [...investmentKeys.all, 'payments', id] as const,
  bank: (opportunityId: number) => ['opportunity-bank-details', opportunityId] as const,
};

const detailSchema = dataOf(
  z.object({ investment: staffInvestmentSchema, payments: z.array(investmentPaymentSchema) }),
);

/** GET /api/{owner}/{id}/investments?filter[status]=…: the investments with their totals. */
export const investmentsQueryOptions = (owner: InvestmentsOwner, statuses: readonly InvestmentStatus[]) =>
  queryOptions({
    queryKey: investmentKeys.list(owner, statuses),
    queryFn: ({ signal }) => {
      const query = statuses.length > 0 ? `?filter[status]=${statuses.join(',')}` : '';
      return api.get(`/api/${owner.kind}/${owner.id}/investments${query}`, staffInvestmentListSchema, {
        signal,
      });
    },
  });

export function useInvestments(owner: InvestmentsOwner, statuses: readonly InvestmentStatus[] = []) {
  return useQuery(investmentsQueryOptions(owner, statuses));
}

/** GET /api/investments/{id}/payments */
export function useInvestmentPayments(id: number | undefined) {
  return useQuery({
    queryKey: investmentKeys.payments(id ?? 0),
    queryFn: ({ signal }) => api.get(`/api/investments/${id ?? 0}/payments`, detailSchema, { signal }),
    enabled: id !== undefined,
  });
}

/** GET /api/opportunities/{id}/bank-details */
export function useBankDetails(opportunityId: number) {
  return useQuery({
    queryKey: investmentKeys.bank(opportunityId),
    queryFn: ({ signal }) =>
      api.get(`/api/opportunities/${opportunityId}/bank-details`, dataOf(opportunityBankDetailsSchema), {
        signal,
      }),
  });
}

/** After any change to the money: every list, and the opportunity (its committed amount). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: investmentKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['opportunities'] }),
    ]);
}

export function useRecordManualInvestment(opportunityId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ManualInvestmentInput) =>
      api.post(`/api/opportunities/${opportunityId}/investments`, input, dataOf(staffInvestmentSchema)),
    onSuccess: refresh,
  });
}

export function useIssueCashCall(opportunityId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CashCallInput) =>
      api.post(`/api/opportunities/${opportunityId}/cash-calls`, input, dataOf(cashCallSchema)),
    onSuccess: refresh,
  });
}

export function useRecordPayment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: PaymentInput }) =>
      api.post(`/api/investments/${id}/payments`, input, detailSchema),
    onSuccess: refresh,
  });
}

export function useCancelInvestment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CancelInvestmentInput }) =>
      api.post(`/api/investments/${id}/cancel`, input, dataOf(staffInvestmentSchema)),
    onSuccess: refresh,
  });
}

export function useRefundInvestment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: RefundInput }) =>
      api.post(`/api/investments/${id}/refund`, input, detailSchema),
    onSuccess: refresh,
  });
}

export function useUpdateBankDetails(opportunityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BankDetailsInput) =>
      api.put(
        `/api/opportunities/${opportunityId}/bank-details`,
        input,
        dataOf(opportunityBankDetailsSchema),
      ),
    onSuccess: (answer) => queryClient.setQueryData(investmentKeys.bank(opportunityId), answer),
  });
}

import {
  opportunityBankDetailsSchema,
  cashCallSchema,
  dataOf,
  investmentLedgerSchema,
  recordedManualInvestmentSchema,
  staffInvestmentListSchema,
  staffInvestmentSchema,
  type BankDetailsInput,
  type CancelInvestmentInput,
  type CashCallInput,
  type InvestmentStatus,
  type ManualInvestmentInput,
  type PaymentInput,
  type RefundInput,
  type ReversalInput,
  type UnallocatedApplyInput,
  type UnallocatedRefundInput,
} from '@portico/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

const detailSchema = dataOf(investmentLedgerSchema);

/**
 * One Idempotency-Key per dialog submission (decision 019): made when the dialog opens and reused when
 * the same submission is retried, so a retry after a lost answer never books the money twice.
 */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
const keyed = (key: string | undefined) => (key ? { headers: { 'Idempotency-Key': key } } : undefined);

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
    mutationFn: ({ input, key }: { input: ManualInvestmentInput; key?: string }) =>
      api.post(
        `/api/opportunities/${opportunityId}/investments`,
        input,
        dataOf(recordedManualInvestmentSchema),
        keyed(key),
      ),
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
    mutationFn: ({ id, input, key }: { id: number; input: PaymentInput; key?: string }) =>
      api.post(`/api/investments/${id}/payments`, input, detailSchema, keyed(key)),
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
    mutationFn: ({ id, input, key }: { id: number; input: RefundInput; key?: string }) =>
      api.post(`/api/investments/${id}/refund`, input, detailSchema, keyed(key)),
    onSuccess: refresh,
  });
}

/** POST /api/investments/{id}/entries/{entry}/reversal */
export function useReverseEntry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      id,
      entry,
      input,
      key,
    }: {
      id: number;
      entry: number;
      input: ReversalInput;
      key?: string;
    }) => api.post(`/api/investments/${id}/entries/${entry}/reversal`, input, detailSchema, keyed(key)),
    onSuccess: refresh,
  });
}

/** POST /api/investments/{id}/unallocated/refund */
export function useRefundUnallocated() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input, key }: { id: number; input: UnallocatedRefundInput; key?: string }) =>
      api.post(`/api/investments/${id}/unallocated/refund`, input, detailSchema, keyed(key)),
    onSuccess: refresh,
  });
}

/** POST /api/investments/{id}/unallocated/apply */
export function useApplyUnallocated() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input, key }: { id: number; input: UnallocatedApplyInput; key?: string }) =>
      api.post(`/api/investments/${id}/unallocated/apply`, input, detailSchema, keyed(key)),
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

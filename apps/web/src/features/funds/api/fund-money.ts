import {
  capitalCallSchema,
  dataOf,
  fundKpisSchema,
  fundMovementSchema,
  investmentLedgerSchema,
  type CapitalCallInput,
  type DistributionInput,
  type FeeInput,
  type PaymentInput,
} from '@portico/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { investmentKeys } from '../../investment-transactions/api/investments';
import { fundKeys } from './fund-keys';

/*
 * A fund's money (issue 20): its measures, capital calls, distributions and fees. Every POST carries an
 * Idempotency-Key made when its dialog opens and reused when the same submission is retried, so a retry
 * after a lost answer never calls or pays the money twice.
 */

const kpisResponse = dataOf(fundKpisSchema);
const callsResponse = dataOf(capitalCallSchema.array());
const movementsResponse = dataOf(fundMovementSchema.array());
const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });

/** GET /api/funds/{id}/kpis (funds:show): the fund's measures today and each commitment's. */
export const fundKpisQueryOptions = (fundId: number) =>
  queryOptions({
    queryKey: fundKeys.kpis(fundId),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/funds/${fundId}/kpis`, kpisResponse, { signal })).data,
  });

export function useFundKpis(fundId: number) {
  return useQuery(fundKpisQueryOptions(fundId));
}

/** GET /api/funds/{id}/capital-calls (funds:show): newest first, each with its lines. */
export const capitalCallsQueryOptions = (fundId: number) =>
  queryOptions({
    queryKey: fundKeys.capitalCalls(fundId),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/funds/${fundId}/capital-calls`, callsResponse, { signal })).data,
  });

export function useCapitalCalls(fundId: number) {
  return useQuery(capitalCallsQueryOptions(fundId));
}

/** GET /api/funds/{id}/movements (funds:show): distributions and fees, newest first, reversals among them. */
export const fundMovementsQueryOptions = (fundId: number) =>
  queryOptions({
    queryKey: fundKeys.movements(fundId),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/funds/${fundId}/movements`, movementsResponse, { signal })).data,
  });

export function useFundMovements(fundId: number) {
  return useQuery(fundMovementsQueryOptions(fundId));
}

/** Any change to the money moves the measures, the calls (what is paid) and the movements. */
function useRefreshFundMoney() {
  const queryClient = useQueryClient();
  return (fundId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: fundKeys.kpis(fundId) }),
      queryClient.invalidateQueries({ queryKey: fundKeys.capitalCalls(fundId) }),
      queryClient.invalidateQueries({ queryKey: fundKeys.movements(fundId) }),
    ]);
}

interface Keyed<Input> {
  fundId: number;
  input: Input;
  key: string;
}

/** POST /api/funds/{id}/capital-calls (funds:update): a percentage of every commitment, or an amount. */
export function useCallCapital() {
  const refresh = useRefreshFundMoney();
  return useMutation({
    mutationFn: async ({ fundId, input, key }: Keyed<CapitalCallInput>) =>
      (await api.post(`/api/funds/${fundId}/capital-calls`, input, dataOf(capitalCallSchema), keyed(key)))
        .data,
    onSuccess: (_call, { fundId }) => refresh(fundId),
  });
}

/** POST /api/funds/{id}/distributions (funds:update): split pro rata to paid-in capital. */
export function useRecordDistribution() {
  const refresh = useRefreshFundMoney();
  return useMutation({
    mutationFn: async ({ fundId, input, key }: Keyed<DistributionInput>) =>
      (await api.post(`/api/funds/${fundId}/distributions`, input, dataOf(fundMovementSchema), keyed(key)))
        .data,
    onSuccess: (_movement, { fundId }) => refresh(fundId),
  });
}

/** POST /api/funds/{id}/fees (funds:update): borne pro rata to paid-in capital. */
export function useChargeFee() {
  const refresh = useRefreshFundMoney();
  return useMutation({
    mutationFn: async ({ fundId, input, key }: Keyed<FeeInput>) =>
      (await api.post(`/api/funds/${fundId}/fees`, input, dataOf(fundMovementSchema), keyed(key))).data,
    onSuccess: (_movement, { fundId }) => refresh(fundId),
  });
}

/** POST /api/funds/{id}/movements/{movement}/reversals (funds:update): a new entry undoes it. */
export function useReverseFundMovement() {
  const refresh = useRefreshFundMoney();
  return useMutation({
    mutationFn: async ({
      fundId,
      movementId,
      input,
      key,
    }: Keyed<{ reason: string }> & { movementId: number }) =>
      (
        await api.post(
          `/api/funds/${fundId}/movements/${movementId}/reversals`,
          input,
          dataOf(fundMovementSchema),
          keyed(key),
        )
      ).data,
    onSuccess: (_movement, { fundId }) => refresh(fundId),
  });
}

/**
 * POST /api/investments/{id}/payments (cash_calls:update): money received against a commitment, the
 * same endpoint as any investment's payment; it moves the fund's measures and calls as well as the
 * investment lists.
 */
export function useRecordCommitmentPayment() {
  const queryClient = useQueryClient();
  const refresh = useRefreshFundMoney();
  return useMutation({
    mutationFn: ({
      investmentId,
      input,
      key,
    }: {
      fundId: number;
      investmentId: number;
      input: PaymentInput;
      key: string;
    }) =>
      api.post(
        `/api/investments/${investmentId}/payments`,
        input,
        dataOf(investmentLedgerSchema),
        keyed(key),
      ),
    onSuccess: (_answer, { fundId }) =>
      Promise.all([refresh(fundId), queryClient.invalidateQueries({ queryKey: investmentKeys.all })]),
  });
}

import {
  bulkTaxReliefResultSchema,
  dataOf,
  staffTaxReliefSchema,
  taxReliefCertificateSchema,
  taxReliefStatementSchema,
} from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const taxReliefKeys = {
  all: ['tax-relief'] as const,
  statement: (taxYear: number | null) => [...taxReliefKeys.all, 'statement', taxYear] as const,
  round: (id: number) => [...taxReliefKeys.all, 'round', id] as const,
};

const yearQuery = (taxYear: number | null) => (taxYear === null ? '' : `?tax_year=${taxYear}`);

/** GET /api/portfolio/tax-relief: the signed-in investor's relief statement. */
export function useTaxReliefStatement(taxYear: number | null = null) {
  return useQuery({
    queryKey: taxReliefKeys.statement(taxYear),
    queryFn: async ({ signal }) =>
      (
        await api.get(`/api/portfolio/tax-relief${yearQuery(taxYear)}`, dataOf(taxReliefStatementSchema), {
          signal,
        })
      ).data,
  });
}

/** GET /api/portfolio/tax-relief.pdf: the statement to download (a plain link). */
export const taxReliefPdfHref = (taxYear: number | null = null) =>
  `/api/portfolio/tax-relief.pdf${yearQuery(taxYear)}`;

const round = (id: number) => `/api/existing-investments/${id}/transactions/tax-relief`;

/** GET /api/existing-investments/{id}/transactions/tax-relief: the round's share issues and their certificates (staff). */
export function useRoundTaxRelief(id: number, enabled = true) {
  return useQuery({
    queryKey: taxReliefKeys.round(id),
    queryFn: async ({ signal }) => (await api.get(round(id), dataOf(staffTaxReliefSchema), { signal })).data,
    enabled,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: taxReliefKeys.all });
}

export interface RecordCertificateInput {
  holding_transaction_id: number;
  reference: string;
  issued_on: string;
}

export function useRecordCertificate(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: RecordCertificateInput) =>
      (await api.post(`${round(id)}/certificates`, input, dataOf(taxReliefCertificateSchema))).data,
    onSuccess: refresh,
  });
}

export function useBulkCertificates(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { issued_on: string; reference_prefix: string }) =>
      (await api.post(`${round(id)}/certificates/bulk`, input, dataOf(bulkTaxReliefResultSchema))).data,
    onSuccess: refresh,
  });
}

export function useWithdrawCertificate(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ certificateId, reason }: { certificateId: number; reason: string }) =>
      (
        await api.post(
          `${round(id)}/certificates/${certificateId}/withdraw`,
          { reason },
          dataOf(taxReliefCertificateSchema),
        )
      ).data,
    onSuccess: refresh,
  });
}

const fundBase = (id: number) => `/api/funds/${id}/tax-relief`;

/** GET /api/funds/{id}/tax-relief: each investor's share of the fund's company investments (funds:show). */
export function useFundTaxRelief(id: number, enabled = true) {
  return useQuery({
    queryKey: [...taxReliefKeys.all, 'fund', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get(fundBase(id), dataOf(staffTaxReliefSchema), { signal })).data,
    enabled,
  });
}

export interface RecordFundCertificateInput {
  fund_company_transaction_id: number;
  user_id: number;
  reference: string;
  issued_on: string;
}

export function useRecordFundCertificate(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: RecordFundCertificateInput) =>
      (await api.post(`${fundBase(id)}/certificates`, input, dataOf(taxReliefCertificateSchema))).data,
    onSuccess: refresh,
  });
}

export function useWithdrawFundCertificate(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ certificateId, reason }: { certificateId: number; reason: string }) =>
      (
        await api.post(
          `${fundBase(id)}/certificates/${certificateId}/withdraw`,
          { reason },
          dataOf(taxReliefCertificateSchema),
        )
      ).data,
    onSuccess: refresh,
  });
}

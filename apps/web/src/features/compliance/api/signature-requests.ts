import { dataOf, signatureRequestSchema, type NewSignatureRequestFields } from '@portico/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, type UploadProgress } from '../../../lib/api-client';
import { dataListOf } from '../../../lib/parsers';
import { complianceKeys, useRefreshInvestor } from './compliance-keys';

const list = dataListOf(signatureRequestSchema);
const one = dataOf(signatureRequestSchema);
const base = (id: number) => `/api/investors/${id}/signature-requests`;

/** The signed download links last 15 minutes: fetched again well before they expire. */
const LINK_REFRESH_MS = 10 * 60_000;

/** GET /api/investors/{id}/signature-requests (investors:show). */
export async function getSignatureRequests(id: number, signal?: AbortSignal) {
  return (await api.get(base(id), list, { signal })).data;
}

export function useSignatureRequests(id: number) {
  return useQuery({
    queryKey: complianceKeys.signatureRequests(id),
    queryFn: ({ signal }) => getSignatureRequests(id, signal),
    staleTime: LINK_REFRESH_MS / 2,
    refetchInterval: LINK_REFRESH_MS,
  });
}

/** GET /api/investors/{id}/signature-requests/{rid} (investors:show). */
export function useSignatureRequest(id: number, requestId: number | undefined) {
  return useQuery({
    queryKey: complianceKeys.signatureRequest(id, requestId ?? 0),
    queryFn: async ({ signal }) => (await api.get(`${base(id)}/${requestId ?? 0}`, one, { signal })).data,
    enabled: requestId !== undefined,
    staleTime: LINK_REFRESH_MS / 2,
    refetchInterval: LINK_REFRESH_MS,
  });
}

export interface NewSignatureRequest extends NewSignatureRequestFields {
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

/** POST /api/investors/{id}/signature-requests (investors:update): a PDF to sign; the investor is told. */
export function useCreateSignatureRequest(id: number) {
  const refresh = useRefreshInvestor();
  return useMutation({
    mutationFn: async ({ file, title, message, onProgress }: NewSignatureRequest) => {
      const form = new FormData();
      form.append('title', title);
      if (message) form.append('message', message);
      form.append('file', file, file.name);
      return (await api.upload(base(id), form, one, { onProgress })).data;
    },
    onSuccess: () => refresh(id),
  });
}

/** POST …/signature-requests/{rid}/cancel (investors:update): withdraws one still awaiting a signature. */
export function useCancelSignatureRequest(id: number) {
  const refresh = useRefreshInvestor();
  return useMutation({
    mutationFn: async (requestId: number) =>
      (await api.post(`${base(id)}/${requestId}/cancel`, undefined, one)).data,
    onSettled: () => refresh(id),
  });
}

import { dataOf, signatureRequestSchema, type DocumentSignatureInput } from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const one = dataOf(signatureRequestSchema);
const base = '/api/profile/signature-requests';

/** The signed download links last 15 minutes: fetched again well before they expire. */
const LINK_REFRESH_MS = 10 * 60_000;

export const profileSignatureKeys = {
  all: ['profile', 'signature-requests'] as const,
  one: (requestId: number) => [...profileSignatureKeys.all, requestId] as const,
};

/** GET /api/profile/signature-requests/{rid} (the signed-in investor's own). */
export function useProfileSignatureRequest(requestId: number | undefined) {
  return useQuery({
    queryKey: profileSignatureKeys.one(requestId ?? 0),
    queryFn: async ({ signal }) => (await api.get(`${base}/${requestId ?? 0}`, one, { signal })).data,
    enabled: requestId !== undefined,
    staleTime: LINK_REFRESH_MS / 2,
    refetchInterval: LINK_REFRESH_MS,
  });
}

/** POST /api/profile/signature-requests/{rid}/sign: the signed, stamped PDF is stored. */
export function useSignDocument(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DocumentSignatureInput) =>
      (await api.post(`${base}/${requestId}/sign`, input, one)).data,
    onSuccess: (signed) => queryClient.setQueryData(profileSignatureKeys.one(requestId), signed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileSignatureKeys.all }),
  });
}

import { consentsSchema, dataOf, type ConsentInput } from '@portico/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { complianceKeys, useRefreshInvestor } from './compliance-keys';

const response = dataOf(consentsSchema);
const base = (id: number) => `/api/investors/${id}/consents`;

/** GET /api/investors/{id}/consents (investors:show): each kind's state and the log, newest first. */
export async function getConsents(id: number, signal?: AbortSignal) {
  return (await api.get(base(id), response, { signal })).data;
}

export function useConsents(id: number) {
  return useQuery({
    queryKey: complianceKeys.consents(id),
    queryFn: ({ signal }) => getConsents(id, signal),
  });
}

/** POST /api/investors/{id}/consents (investors:update): appends an entry; nothing is ever changed. */
export function useRecordConsent(id: number) {
  const refresh = useRefreshInvestor();
  return useMutation({
    mutationFn: async (input: ConsentInput) => (await api.post(base(id), input, response)).data,
    onSuccess: () => refresh(id),
  });
}

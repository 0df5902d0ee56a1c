import { leadStatusSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dataListOf } from '../../../lib/parsers';
import { leadStatusKeys } from './lead-status-keys';

const response = dataListOf(leadStatusSchema);

/** GET /api/lead-statuses (any staff): every lead status, in order. Filters and forms use them too. */
export async function getLeadStatuses(signal?: AbortSignal) {
  return (await api.get('/api/lead-statuses', response, { signal })).data;
}

export const leadStatusesQueryOptions = () =>
  queryOptions({
    queryKey: leadStatusKeys.all,
    queryFn: ({ signal }) => getLeadStatuses(signal),
    staleTime: 5 * 60_000,
  });

export function useLeadStatuses() {
  return useQuery(leadStatusesQueryOptions());
}

/** The statuses as select options, in order. */
export function useLeadStatusOptions() {
  const { data, isPending } = useLeadStatuses();
  return {
    options: (data ?? []).map((status) => ({ value: String(status.id), label: status.name })),
    defaultId: data?.find((status) => status.is_default)?.id,
    loading: isPending,
  };
}

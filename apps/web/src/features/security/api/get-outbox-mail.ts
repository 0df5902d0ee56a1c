import { dataOf, outboxMailSchema, type OutboxMail } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { outboxKeys } from './outbox-keys';

const response = dataOf(outboxMailSchema);

/** GET /api/mail-outbox/{id} */
export async function getOutboxMail(id: number, signal?: AbortSignal): Promise<OutboxMail> {
  return (await api.get(`/api/mail-outbox/${id}`, response, { signal })).data;
}

export const outboxMailQueryOptions = (id: number) =>
  queryOptions({ queryKey: outboxKeys.detail(id), queryFn: ({ signal }) => getOutboxMail(id, signal) });

/** One mail; the list's row shows at once while the full record loads. */
export function useOutboxMail(id: number | undefined, placeholder?: OutboxMail) {
  return useQuery({
    ...outboxMailQueryOptions(id ?? 0),
    enabled: id !== undefined,
    placeholderData: placeholder,
  });
}

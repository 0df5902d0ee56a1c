import { listQueryString, outboxMailSchema, paginatedSchema } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { outboxKeys, type OutboxListParams } from './outbox-keys';

export const OUTBOX_PAGE_SIZE = 10;

/** No sparse fieldset is asked for, so every row is a whole mail. */
const listResponse = paginatedSchema(outboxMailSchema);

/** GET /api/mail-outbox, newest first (the endpoint's default sort). */
export function getOutboxMails(params: OutboxListParams, signal?: AbortSignal) {
  const query = listQueryString({
    filter: { to: params.to },
    sort: '-created_at',
    page: params.page,
    per_page: OUTBOX_PAGE_SIZE,
  });
  return api.get(`/api/mail-outbox?${query}`, listResponse, { signal });
}

export const outboxMailsQueryOptions = (params: OutboxListParams) =>
  queryOptions({
    queryKey: outboxKeys.list(params),
    queryFn: ({ signal }) => getOutboxMails(params, signal),
    placeholderData: keepPreviousData,
  });

export function useOutboxMails(params: OutboxListParams) {
  return useQuery(outboxMailsQueryOptions(params));
}

import type { Notification, NotificationAudience } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Parser } from '../../../lib/api-client';
import { notificationKeys } from './notification-keys';

/**
 * `{data: Notification[]}`, each item checked against the contract. The schema (and zod) load with the
 * first list rather than with the first page, which shows the bell before its count.
 */
async function listResponse(): Promise<Parser<Notification[]>> {
  const { notificationSchema } = await import('../../../lib/answer-schemas');
  return {
    parse(input) {
      const data =
        typeof input === 'object' && input !== null ? (input as { data?: unknown }).data : undefined;
      if (!Array.isArray(data)) throw new TypeError('A notification list needs a data array.');
      return data.map((item) => notificationSchema.parse(item));
    },
  };
}

async function fetchList(path: string, signal: AbortSignal): Promise<Notification[]> {
  const [body, parser] = await Promise.all([api.get(path, undefined, { signal }), listResponse()]);
  return parser.parse(body);
}

/** The latest notifications, newest first (GET /api/notifications/{user|admin}). */
export const notificationsQueryOptions = (audience: NotificationAudience) =>
  queryOptions({
    queryKey: notificationKeys.list(audience),
    queryFn: ({ signal }) => fetchList(`/api/notifications/${audience}`, signal),
    // Fetched again each time the panel opens; live events keep it current in between.
    staleTime: 0,
  });

/** The unread ones: the bell's count is their number (spec §7). */
export const unreadNotificationsQueryOptions = (audience: NotificationAudience) =>
  queryOptions({
    queryKey: notificationKeys.unread(audience),
    queryFn: ({ signal }) => fetchList(`/api/notifications/${audience}/unread`, signal),
    // Live events and read marks keep it current.
    staleTime: Infinity,
  });

export function useNotifications(audience: NotificationAudience, enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions(audience), enabled });
}

export function useUnreadNotifications(audience: NotificationAudience) {
  return useQuery(unreadNotificationsQueryOptions(audience));
}

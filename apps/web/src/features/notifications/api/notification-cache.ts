import type { Notification, NotificationAudience } from '@portico/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { notificationKeys } from './notification-keys';

type List = Notification[] | undefined;

/** A new notification goes on top of both lists (once, whatever happens twice) and raises the count. */
export function prependNotification(
  queryClient: QueryClient,
  audience: NotificationAudience,
  notification: Notification,
): void {
  const prepend = (list: List): List =>
    list && !list.some((item) => item.id === notification.id) ? [notification, ...list] : list;
  queryClient.setQueryData<Notification[]>(notificationKeys.list(audience), prepend);
  if (queryClient.getQueryData(notificationKeys.unread(audience)) === undefined) {
    // The count was never loaded: load it, new notification included.
    void queryClient.invalidateQueries({ queryKey: notificationKeys.unread(audience) });
    return;
  }
  queryClient.setQueryData<Notification[]>(notificationKeys.unread(audience), prepend);
}

/** Marks one notification (or, without an id, all of them) read in the caches, before the server answers. */
export function markReadInCache(queryClient: QueryClient, audience: NotificationAudience, id?: string): void {
  const readAt = new Date().toISOString();
  const matches = (item: Notification) => id === undefined || item.id === id;
  queryClient.setQueryData<Notification[]>(notificationKeys.unread(audience), (list) =>
    list?.filter((item) => !matches(item)),
  );
  queryClient.setQueryData<Notification[]>(notificationKeys.list(audience), (list) =>
    list?.map((item) => (matches(item) && item.read_at === null ? { ...item, read_at: readAt } : item)),
  );
}

import type { Notification, NotificationAudience, NotificationIcon, User } from '@portico/contracts';
import { NOTIFICATION_ICONS } from '@portico/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { realtime, type RealtimeConfig } from '../../../lib/realtime';
import { prependNotification } from './notification-cache';
import { audienceOf, notificationKeys } from './notification-keys';

const USER_MODEL = 'App\\Models\\User';

const isIcon = (value: unknown): value is NotificationIcon =>
  typeof value === 'string' && (NOTIFICATION_ICONS as readonly string[]).includes(value);

/**
 * The broadcast carries the data flat with id and type (API-CONTRACT.md §3): rebuild the stored shape,
 * or undefined for anything that is not a notification.
 */
export function notificationFromBroadcast(
  payload: unknown,
  userId: number,
  now: Date = new Date(),
): Notification | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { id, type, message, cta, icon } = payload as Record<string, unknown>;
  if (typeof id !== 'string' || typeof message !== 'string') return undefined;
  const at = now.toISOString();
  return {
    id,
    type: typeof type === 'string' ? type : '',
    notifiable_type: USER_MODEL,
    notifiable_id: userId,
    data: { message, cta: typeof cta === 'string' ? cta : '', icon: isIcon(icon) ? icon : 'default' },
    read_at: null,
    created_at: at,
    updated_at: at,
  };
}

/**
 * While someone is signed in, listens on their private channel App.Models.User.{id} and puts each new
 * notification into the bell's caches, so it shows without a reload; once the channel is subscribed (and
 * after each reconnect) the bell is read again for what came before. Disconnects when they leave.
 */
export function useLiveNotifications(user: User | undefined, config: RealtimeConfig | undefined): void {
  const queryClient = useQueryClient();
  const userId = user?.id;
  const audience: NotificationAudience | undefined = user ? audienceOf(user.role_id) : undefined;
  const key = config?.key;
  const path = config?.path;

  useEffect(() => {
    if (userId === undefined || audience === undefined || !key || path === undefined) return;
    let closed = false;
    let connection: Awaited<ReturnType<typeof realtime.connect>> | undefined;
    realtime.connect({ key, path }).then(
      (opened) => {
        if (closed) {
          opened.disconnect();
          return;
        }
        connection = opened;
        opened.onNotification(
          userId,
          (payload) => {
            const notification = notificationFromBroadcast(payload, userId);
            if (notification) prependNotification(queryClient, audience, notification);
          },
          // The connection opens once the page is idle, and may drop: whatever was sent before the
          // channel was (re)subscribed is read again, so the bell misses nothing.
          () => void queryClient.invalidateQueries({ queryKey: notificationKeys.audience(audience) }),
        );
      },
      (error: unknown) => console.warn('Live notifications are unavailable', error),
    );
    return () => {
      closed = true;
      connection?.disconnect();
    };
  }, [queryClient, userId, audience, key, path]);
}

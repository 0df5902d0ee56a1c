import type { Notification, NotificationAudience } from '@portico/contracts';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { safeLocalPath } from '../../../lib/safe-path';
import { useNotifications, useUnreadNotifications } from './get-notifications';
import { useMarkRead } from './mark-read';

/** Spec §9: clicks on a notification within 500 ms of the last one are ignored. */
export const NOTIFICATION_CLICK_DEBOUNCE_MS = 500;

/**
 * Everything the bell and its panel need, for staff ('admin') or investors ('user'): the unread count,
 * the list (loaded when the panel opens), opening a notification (marks it read, closes the panel and
 * goes to its cta) and marking all read.
 */
export function useNotificationCenter(audience: NotificationAudience) {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const unread = useUnreadNotifications(audience);
  const list = useNotifications(audience, opened);
  const { mutate: markRead } = useMarkRead(audience);
  const lastClick = useRef(Number.NEGATIVE_INFINITY);

  const onSelect = useCallback(
    (notification: Notification) => {
      const now = Date.now();
      if (now - lastClick.current < NOTIFICATION_CLICK_DEBOUNCE_MS) return;
      lastClick.current = now;
      if (notification.read_at === null) markRead(notification.id);
      setOpened(false);
      const target = safeLocalPath(notification.data.cta);
      if (target) void navigate(target);
    },
    [markRead, navigate],
  );

  return {
    unreadCount: unread.data?.length ?? 0,
    opened,
    onOpen: useCallback(() => setOpened(true), []),
    onClose: useCallback(() => setOpened(false), []),
    notifications: list.data,
    failed: list.isError,
    onSelect,
    onMarkAllRead: useCallback(() => markRead(undefined), [markRead]),
  };
}

import { ActionIcon, Indicator } from '@mantine/core';
import type { Notification } from '@portico/contracts';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { badgeLabel } from './notification-format';

// The panel (Drawer, focus trap, scroll lock, the list) is not part of the first page.
const NotificationDrawer = lazy(async () => ({
  default: (await import('./notification-drawer')).NotificationDrawer,
}));

export interface NotificationCenterProps {
  unreadCount: number;
  opened: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** the latest notifications, or undefined while they load */
  notifications: Notification[] | undefined;
  failed: boolean;
  onSelect: (notification: Notification) => void;
  onMarkAllRead: () => void;
  /** the bell sits on a dark header (investor portal) */
  inverted?: boolean;
}

/** The bell's accessible name carries the count, e.g. "Notifications, 3 unread". */
export function bellLabel(count: number): string {
  return count > 0 ? `Notifications, ${count} unread` : 'Notifications';
}

/**
 * The bell with its unread badge and the right-hand panel of notifications (spec §2.3, §8): the same for
 * staff and investors.
 */
export function NotificationCenter({
  unreadCount,
  opened,
  onOpen,
  onClose,
  notifications,
  failed,
  onSelect,
  onMarkAllRead,
  inverted = false,
}: NotificationCenterProps) {
  const badge = badgeLabel(unreadCount);
  // Mounted on the first opening and kept, so that closing animates.
  const [mounted, setMounted] = useState(opened);
  if (opened && !mounted) setMounted(true);

  return (
    <>
      <ActionIcon
        variant="subtle"
        color={inverted ? 'white' : 'primary'}
        size={40}
        radius="xl"
        onClick={onOpen}
        aria-label={bellLabel(unreadCount)}
        aria-haspopup="dialog"
        aria-expanded={opened}
      >
        <Indicator
          label={badge}
          disabled={badge === undefined}
          size={18}
          color="danger"
          offset={2}
          styles={{ indicator: { fontSize: 10, fontWeight: 700, padding: '0 4px' } }}
        >
          <IconBell size={22} stroke={1.7} aria-hidden />
        </Indicator>
      </ActionIcon>

      {mounted && (
        <Suspense fallback={null}>
          <NotificationDrawer
            unreadCount={unreadCount}
            opened={opened}
            onClose={onClose}
            notifications={notifications}
            failed={failed}
            onSelect={onSelect}
            onMarkAllRead={onMarkAllRead}
          />
        </Suspense>
      )}
    </>
  );
}

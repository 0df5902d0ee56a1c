import {
  ActionIcon,
  Box,
  Button,
  Drawer,
  Group,
  Indicator,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { Notification } from '@portico/contracts';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { BoldText } from './bold-text';
import { badgeLabel, timeAgo } from './notification-format';
import { NotificationIcon } from './notification-icon';

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

function NotificationItem({
  notification,
  now,
  onSelect,
}: {
  notification: Notification;
  now: number;
  onSelect: (notification: Notification) => void;
}) {
  const unread = notification.read_at === null;
  return (
    <Box component="li">
      <UnstyledButton
        onClick={() => onSelect(notification)}
        w="100%"
        p="sm"
        data-unread={unread || undefined}
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          background: unread ? 'var(--mantine-color-primaryLighter-0)' : undefined,
          borderLeft: unread ? '3px solid var(--mantine-color-primaryLighter-6)' : '3px solid transparent',
        }}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <NotificationIcon name={notification.data.icon} />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={unread ? 500 : 400} style={{ overflowWrap: 'anywhere' }}>
              {unread && <VisuallyHidden>Unread: </VisuallyHidden>}
              <BoldText text={notification.data.message} />
            </Text>
            <Text size="xs" c="dimmed" component="time" dateTime={notification.created_at}>
              {timeAgo(notification.created_at, now)}
            </Text>
          </Stack>
          {unread && (
            <Box
              aria-hidden
              mt={6}
              w={10}
              h={10}
              style={{
                borderRadius: '50%',
                background: 'var(--mantine-color-primaryLighter-6)',
                flex: 'none',
              }}
            />
          )}
        </Group>
      </UnstyledButton>
    </Box>
  );
}

/** "Just now" turns into "1 min ago" while the panel stays open (its content mounts on each opening). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function NotificationList({
  notifications,
  failed,
  onSelect,
}: Pick<NotificationCenterProps, 'notifications' | 'failed' | 'onSelect'>) {
  const now = useNow();
  if (notifications === undefined) {
    return (
      <Text c="dimmed" size="sm" role="status">
        {failed ? 'The notifications could not be loaded.' : 'Loading Notifications...'}
      </Text>
    );
  }
  if (notifications.length === 0) {
    return (
      <Text c="dimmed" size="sm" role="status">
        There are no Notifications.
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={6} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} now={now} onSelect={onSelect} />
      ))}
    </Stack>
  );
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

      <Drawer
        opened={opened}
        onClose={onClose}
        position="right"
        title="Notifications"
        size="md"
        padding="md"
        closeButtonProps={{ 'aria-label': 'Close notifications' }}
      >
        <Stack gap="sm">
          <Group justify="flex-end">
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconChecks size={16} aria-hidden />}
              onClick={onMarkAllRead}
              disabled={unreadCount === 0}
            >
              Mark all as read
            </Button>
          </Group>
          <NotificationList notifications={notifications} failed={failed} onSelect={onSelect} />
        </Stack>
      </Drawer>
    </>
  );
}

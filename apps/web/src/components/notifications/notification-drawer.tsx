import { Box, Button, Drawer, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Notification } from '@portico/contracts';
import { IconChecks } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { BoldText } from './bold-text';
import type { NotificationCenterProps } from './notification-center';
import { timeAgo } from './notification-format';
import { NotificationIcon } from './notification-icon';

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

/** The right-hand panel of notifications: its own chunk, loaded when the bell is first opened. */
export function NotificationDrawer({
  unreadCount,
  opened,
  onClose,
  notifications,
  failed,
  onSelect,
  onMarkAllRead,
}: Omit<NotificationCenterProps, 'onOpen' | 'inverted'>) {
  return (
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
  );
}

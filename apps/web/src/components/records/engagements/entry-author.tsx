import { Group, Text } from '@mantine/core';
import type { PersonRef } from '@portico/contracts';
import { formatDateTime } from '../../../lib/format';
import { timeAgo } from '../../notifications/notification-format';

/** "Alex Morgan · 3 hours ago", the exact time on hover and for screen readers. */
export function EntryAuthor({
  author,
  at,
  suffix,
}: {
  author: PersonRef | null;
  at: string;
  suffix?: string;
}) {
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" fw={600}>
        {author?.name ?? 'A former colleague'}
      </Text>
      <Text size="xs" c="dimmed" component="time" dateTime={at} title={formatDateTime(at)}>
        {timeAgo(at)}
        {suffix ? ` · ${suffix}` : ''}
      </Text>
    </Group>
  );
}

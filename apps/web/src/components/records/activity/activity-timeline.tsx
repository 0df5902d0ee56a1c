import { Alert, Button, Center, EmptyState, Skeleton, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import type { Activity } from '@portico/contracts';
import {
  IconActivity,
  IconChecklist,
  IconFile,
  IconHistory,
  IconMail,
  IconNote,
  IconPhone,
  IconUser,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { useActivity } from '../../../lib/records/get-activity';
import type { RecordRef } from '../../../lib/records/record-keys';
import { timeAgo } from '../../notifications/notification-format';

/** An icon for each kind of thing that happens, by the action's first word. */
const ICONS: Record<string, ReactNode> = {
  document: <IconFile size={14} aria-hidden />,
  note: <IconNote size={14} aria-hidden />,
  call: <IconPhone size={14} aria-hidden />,
  task: <IconChecklist size={14} aria-hidden />,
  email: <IconMail size={14} aria-hidden />,
  user: <IconUser size={14} aria-hidden />,
  investor: <IconUser size={14} aria-hidden />,
};

function iconOf(action: string): ReactNode {
  return ICONS[action.split('.')[0] ?? ''] ?? <IconActivity size={14} aria-hidden />;
}

function Entry({ item }: { item: Activity }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {item.description}
      </Text>
      <Text size="xs" c="dimmed">
        {item.actor
          ? `by ${item.actor.name}`
          : item.action === 'email.sent'
            ? 'sent by the platform'
            : 'automatic'}{' '}
        ·{' '}
        <time dateTime={item.created_at} title={formatDateTime(item.created_at)}>
          {timeAgo(item.created_at)}
        </time>
        <Text span size="xs" c="dimmed" visibleFrom="sm">
          {' '}
          ({formatDateTime(item.created_at)})
        </Text>
      </Text>
    </Stack>
  );
}

/**
 * Everything that happened to a record, newest first (spec: written from the audit trail and the emails
 * sent): who did what, and when. Older entries load on request.
 */
export function ActivityTimeline({ record }: { record: RecordRef }) {
  const { data, isPending, isError, error, fetchNextPage, hasNextPage, isFetchingNextPage, refetch } =
    useActivity(record);
  const items = data?.pages.flatMap((page) => page.data) ?? [];
  const total = data?.pages[0]?.meta.total;

  if (isPending) {
    return (
      <Stack gap="md" aria-busy>
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={36} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (isError) {
    return (
      <Alert color="danger" variant="light" role="alert" title="The activity could not be loaded">
        <Stack gap="xs" align="flex-start">
          {isApiError(error) ? error.message : 'Please try again.'}
          <Button size="xs" variant="light" onClick={() => void refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<IconHistory size={28} aria-hidden />}
        title="Nothing has happened yet"
        description="Documents, notes, calls, tasks, emails and changes appear here as they happen."
        withIndicatorBackground
        size="sm"
      />
    );
  }
  return (
    <Stack gap="md">
      <Timeline bulletSize={26} lineWidth={2} active={-1} aria-label="Activity">
        {items.map((item) => (
          <Timeline.Item
            key={item.id}
            bullet={
              <ThemeIcon size={26} radius="xl" variant="light" color="primaryLighter">
                {iconOf(item.action)}
              </ThemeIcon>
            }
          >
            <Entry item={item} />
          </Timeline.Item>
        ))}
      </Timeline>
      {hasNextPage && (
        <Center>
          <Button
            variant="default"
            size="xs"
            onClick={() => void fetchNextPage()}
            loading={isFetchingNextPage}
          >
            Show older activity
          </Button>
        </Center>
      )}
      {total !== undefined && (
        <Text size="xs" c="dimmed" ta="center" aria-live="polite">
          Showing {items.length} of {total}
        </Text>
      )}
    </Stack>
  );
}

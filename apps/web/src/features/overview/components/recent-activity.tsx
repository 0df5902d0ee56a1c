import { EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconActivity } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';
import { useOverviewActivity } from '../api/get-overview-parts';
import { PartError } from './part-error';
import { SectionCard } from './section-card';

/** The subject of an entry, as staff name it. */
const SUBJECTS: Record<string, string> = {
  user: 'Account',
  investor: 'Investor',
  contact: 'Contact',
  organisation: 'Organisation',
  opportunity: 'Opportunity',
  pipeline_deal: 'Deal',
  investment: 'Investment',
};
const subjectOf = (type: string) =>
  SUBJECTS[type] ?? type.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The latest things that happened on the platform, newest first. */
export function RecentActivity() {
  const { data, isError, refetch, isFetching } = useOverviewActivity();
  if (isError)
    return <PartError what="The recent activity" retry={() => void refetch()} retrying={isFetching} />;
  return (
    <SectionCard title="Recent activity" description="The latest changes across the platform">
      {!data ? (
        <Stack gap="sm" aria-busy aria-label="Loading the recent activity">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} height={36} />
          ))}
        </Stack>
      ) : data.length === 0 ? (
        <EmptyState
          icon={<IconActivity size={28} aria-hidden />}
          title="Nothing has happened yet"
          description="Changes to records appear here as staff and investors make them."
          withIndicatorBackground
          size="sm"
        />
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.map((entry) => (
            <li key={entry.id}>
              <Text size="sm">{entry.description}</Text>
              <Group gap="xs">
                <Text size="xs" c="dimmed">
                  {`${subjectOf(entry.subject_type)}${entry.actor ? ` · by ${entry.actor.name}` : ''}`}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.created_at)}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

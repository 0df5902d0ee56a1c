import {
  Anchor,
  Button,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useWipSnapshots, wipSnapshotExportHref } from '../api/wip-snapshots';

/** The saved snapshots, newest first: each opens in place, or downloads as Excel or PDF. */
export function SnapshotsList({ onOpen, openId }: { onOpen: (id: number) => void; openId: number | null }) {
  const { data, isError, refetch, isFetching } = useWipSnapshots();
  if (isError)
    return (
      <Stack gap="xs" align="flex-start" role="status">
        <Text size="sm">The snapshots could not be loaded.</Text>
        <Button size="xs" variant="light" onClick={() => void refetch()} loading={isFetching}>
          Try again
        </Button>
      </Stack>
    );
  if (!data) return <Skeleton height={80} aria-label="Loading the snapshots" />;
  if (data.length === 0)
    return (
      <EmptyState
        icon={<IconCamera size={28} aria-hidden />}
        title="No snapshots yet"
        description="Save one before an investment committee meeting: its figures stay as they were."
        withIndicatorBackground
        size="sm"
      />
    );
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table verticalSpacing="xs" aria-label="Saved snapshots">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Title</Table.Th>
            <Table.Th scope="col">As of</Table.Th>
            <Table.Th scope="col">Saved</Table.Th>
            <Table.Th scope="col">Download</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((snapshot) => (
            <Table.Tr key={snapshot.id} aria-label={snapshot.title}>
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  fw={600}
                  onClick={() => onOpen(snapshot.id)}
                  aria-current={openId === snapshot.id ? 'true' : undefined}
                >
                  {snapshot.title}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(snapshot.as_of)}</Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(snapshot.created_at)}</Text>
                {snapshot.created_by && (
                  <Text size="xs" c="dimmed">
                    by {snapshot.created_by.name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Anchor href={wipSnapshotExportHref(snapshot.id, 'xlsx')} download size="sm">
                    Excel<VisuallyHidden>{` of ${snapshot.title}`}</VisuallyHidden>
                  </Anchor>
                  <Anchor href={wipSnapshotExportHref(snapshot.id, 'pdf')} download size="sm">
                    PDF<VisuallyHidden>{` of ${snapshot.title}`}</VisuallyHidden>
                  </Anchor>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

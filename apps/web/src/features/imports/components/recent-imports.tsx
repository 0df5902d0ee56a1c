import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Import, ImportKind } from '@portico/contracts';
import { useId } from 'react';
import { formatDateTime, formatNumber, plural } from '../../../lib/format';
import { useImports } from '../api/get-imports';

const STATUS: Record<Import['status'], { label: string; color: string }> = {
  preview: { label: 'Not run', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  completed: { label: 'Completed', color: 'green' },
  failed: { label: 'Stopped', color: 'red' },
};

const SHOWN = 5;

function outcome(item: Import): string {
  if (item.status === 'preview') return plural(item.total_rows, 'row');
  return `${formatNumber(item.created_count)} created, ${formatNumber(item.updated_count)} updated, ${formatNumber(item.failed_count)} failed`;
}

/**
 * The signed-in staff member's latest imports of this kind, to follow one that is still running after
 * the wizard was closed, read a summary again, or run one that was mapped but never run.
 */
export function RecentImports({ kind, onOpen }: { kind: ImportKind; onOpen: (item: Import) => void }) {
  const titleId = useId();
  const { data } = useImports();
  const recent = (data ?? []).filter((item) => item.kind === kind).slice(0, SHOWN);
  if (recent.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={4} id={titleId} fz="sm">
        Your recent imports
      </Title>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {recent.map((item) => (
          <Paper component="li" key={item.id} withBorder radius="md" px="md" py="xs">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600} truncate>
                    {item.file_name}
                  </Text>
                  <Badge size="sm" variant="light" color={STATUS[item.status].color}>
                    {STATUS[item.status].label}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDateTime(item.created_at)} · {outcome(item)}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="default"
                onClick={() => onOpen(item)}
                aria-label={`Open the import of ${item.file_name} from ${formatDateTime(item.created_at)}`}
              >
                {item.status === 'preview' ? 'Continue' : 'View'}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

import { Alert, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import type { Import } from '@portico/contracts';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { formatNumber, plural } from '../../../lib/format';
import { ImportCounts } from './import-counts';
import { ImportFailures } from './import-failures';

interface ImportRunStepProps {
  item: Import;
  onAnother: () => void;
  onClose: () => void;
}

const percentOf = (item: Import) =>
  item.total_rows > 0 ? Math.min(100, Math.round((item.processed_rows / item.total_rows) * 100)) : 0;

/** Step 4: the import's progress while it runs on the server, then what it did and what it could not. */
export function ImportRunStep({ item, onAnother, onClose }: ImportRunStepProps) {
  const percent = item.status === 'completed' ? 100 : percentOf(item);
  const counts = (
    <ImportCounts
      label="Import results"
      counts={[
        { label: 'Created', value: item.created_count, color: 'green' },
        { label: 'Updated', value: item.updated_count, color: 'blue' },
        { label: 'Failed', value: item.failed_count, color: item.failed_count > 0 ? 'red' : undefined },
      ]}
    />
  );
  const summary = `${formatNumber(item.created_count)} created, ${formatNumber(item.updated_count)} updated, ${formatNumber(item.failed_count)} failed.`;

  if (item.status === 'running' || item.status === 'preview') {
    return (
      <Stack gap="md">
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="xs" aria-hidden />
          <Text size="sm">Importing {item.file_name}…</Text>
        </Group>
        <Progress value={percent} size="lg" animated aria-label="Import progress" />
        <Text size="sm">
          {formatNumber(item.processed_rows)} of {plural(item.total_rows, 'row')} done ({percent}%).
        </Text>
        {counts}
        <Text size="xs" c="dimmed">
          You can close this window: the import carries on, and you will find it under your recent imports.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {item.status === 'completed' ? (
        <Alert
          color={item.failed_count > 0 ? 'orange' : 'green'}
          variant="light"
          icon={<IconCircleCheck aria-hidden />}
          title="Import finished"
          role="status"
        >
          {summary}
          {item.failed_count > 0 &&
            ' The rows that failed were not written at all: fix them and import them again.'}
        </Alert>
      ) : (
        <Alert
          color="danger"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="The import stopped"
          role="alert"
        >
          {item.error ?? 'It could not finish.'} Before it stopped: {summary}
        </Alert>
      )}
      <Progress value={percent} size="lg" aria-label="Import progress" />
      {counts}
      <ImportFailures item={item} />
      <Group justify="space-between" gap="xs">
        <Button variant="default" onClick={onAnother}>
          Import another file
        </Button>
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}

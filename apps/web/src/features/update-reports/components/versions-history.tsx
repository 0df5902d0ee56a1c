import { Text, Timeline } from '@mantine/core';
import type { UpdateReportVersion } from '@portico/contracts';
import { formatDateTime } from '../../../lib/format';

/** Each published version, newest first: who published it, when, and why it changed. */
export function VersionsHistory({ versions }: { versions: readonly UpdateReportVersion[] }) {
  if (versions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Not published yet.
      </Text>
    );
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  return (
    <Timeline bulletSize={14} lineWidth={2} active={0} aria-label="Versions">
      {newestFirst.map((version) => (
        <Timeline.Item key={version.version} title={`Version ${version.version}: ${version.title}`}>
          <Text size="sm" c="dimmed">
            {version.version === 1 ? 'Published' : 'Corrected'} {formatDateTime(version.published_at)}
            {version.published_by ? ` by ${version.published_by.name}` : ''}
          </Text>
          {version.reason && <Text size="sm">Reason: {version.reason}</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { Document } from '@portico/contracts';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import { documentTypeName } from '../../../components/records/documents/document-rules';
import { SectionEmpty } from '../../../components/records/engagements/section-empty';
import { formatBytes, formatDate } from '../../../lib/format';

/** Documents the investor may download (short-lived links), newest first, or what to expect when none. */
export function DocumentList({
  documents,
  label,
  emptyTitle,
  emptyText,
}: {
  documents: readonly Document[];
  /** the list's accessible name: "Documents shared with you" */
  label: string;
  emptyTitle: string;
  emptyText: string;
}) {
  if (documents.length === 0)
    return <SectionEmpty icon={<IconFileText aria-hidden />} title={emptyTitle} description={emptyText} />;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {documents.map((document) => (
        <Paper component="li" key={document.id} withBorder radius="sm" p="sm">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
              <Anchor href={document.url} download={document.name} fw={600} size="sm">
                <Group gap={4} wrap="nowrap" component="span">
                  <IconDownload size={16} aria-hidden />
                  <span style={{ overflowWrap: 'anywhere' }}>{document.name}</span>
                </Group>
              </Anchor>
              <Text size="xs" c="dimmed">
                {[
                  documentTypeName(document.content_type),
                  formatBytes(document.size_bytes),
                  document.category,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            <Text size="xs" c="dimmed">
              Added {formatDate(document.created_at)}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

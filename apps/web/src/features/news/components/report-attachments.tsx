import { Anchor, List, Text } from '@mantine/core';
import type { UpdateReportAttachment } from '@portico/contracts';
import { IconPaperclip } from '@tabler/icons-react';
import { formatBytes } from '../../../lib/format';

/** A report's attachments as download links, or nothing when it has none. */
export function ReportAttachmentLinks({ attachments }: { attachments: readonly UpdateReportAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <section aria-label="Attachments">
      <Text fw={600} mb={4}>
        Attachments
      </Text>
      <List spacing={4} icon={<IconPaperclip size={16} aria-hidden />} center>
        {attachments.map((attachment) => (
          <List.Item key={attachment.id}>
            <Anchor href={attachment.url} target="_blank" rel="noopener noreferrer">
              {attachment.name}
            </Anchor>{' '}
            <Text span size="sm" c="dimmed">
              ({formatBytes(attachment.size)})
            </Text>
          </List.Item>
        ))}
      </List>
    </section>
  );
}

import { ActionIcon, Anchor, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { UpdateReportAttachment } from '@portico/contracts';
import { IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { FormError } from '../../../components/form/form-error';
import { isApiError } from '../../../lib/api-error';
import { formatBytes } from '../../../lib/format';
import { useRemoveAttachment, useUploadAttachments } from '../api/update-reports';

/** What the server accepts (it checks each file's content too). */
const ATTACHMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

const messageOf = (error: unknown, fallback: string) =>
  isApiError(error) && !error.unanswered ? error.message : fallback;

/** A draft's attachments: upload more, remove one. */
export function AttachmentsEditor({
  reportId,
  attachments,
}: {
  reportId: number;
  attachments: readonly UpdateReportAttachment[];
}) {
  const upload = useUploadAttachments(reportId);
  const remove = useRemoveAttachment(reportId);
  const [error, setError] = useState<string | null>(null);

  const add = (files: File[]) => {
    if (files.length === 0) return;
    setError(null);
    upload.mutate(files, {
      onError: (caught) => setError(messageOf(caught, 'The file could not be uploaded.')),
    });
  };

  return (
    <Stack gap="xs">
      {attachments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No attachments. Investors can download any file added here with the update.
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {attachments.map((attachment) => (
            <Group key={attachment.id} component="li" gap="xs" wrap="nowrap">
              <IconPaperclip size={16} aria-hidden />
              <Anchor href={attachment.url} target="_blank" rel="noopener noreferrer" size="sm">
                {attachment.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {formatBytes(attachment.size)}
              </Text>
              <ActionIcon
                variant="subtle"
                color="danger"
                aria-label={`Remove ${attachment.name}`}
                loading={remove.isPending && remove.variables === attachment.id}
                onClick={() => {
                  setError(null);
                  remove.mutate(attachment.id, {
                    onError: (caught) => setError(messageOf(caught, 'The file could not be removed.')),
                  });
                }}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <FormError message={error} />
      <Group>
        <FileButton onChange={add} multiple accept={ATTACHMENT_TYPES}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconUpload size={14} aria-hidden />}
              loading={upload.isPending}
            >
              Add attachment
            </Button>
          )}
        </FileButton>
      </Group>
    </Stack>
  );
}

import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Document } from '@portico/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { useChangeDocument, useDeleteDocument } from '../../../lib/records/change-document';
import { useDocuments } from '../../../lib/records/get-documents';
import type { RecordRef } from '../../../lib/records/record-keys';
import { useRecordPermissions } from '../../../lib/records/record-permissions';
import { ConfirmModal } from '../../modals/confirm-modal';
import { DocumentEditModal } from './document-edit-modal';
import { DocumentUploader } from './document-uploader';
import { DocumentsTable, type DocumentCommand } from './documents-table';

interface DocumentsPanelProps {
  /** the record the documents belong to */
  record: RecordRef;
  /** what "public" means here (spec §4); by default "Visible in the investor portal." */
  publicDescription?: string;
}

type Pending = { command: 'delete' | 'make-public'; document: Document } | undefined;

/**
 * A record's documents (spec §4): upload several at once with progress, public (the investor sees it in
 * their portal) or private (admin only), download through short-lived links, rename, change who sees it,
 * delete after a confirmation. Any record type: investors, contacts, organisations, …
 */
export function DocumentsPanel({
  record,
  publicDescription = 'Visible in the investor portal.',
}: DocumentsPanelProps) {
  const permissions = useRecordPermissions(record.type);
  const { data, isPending, isError, error } = useDocuments(record);
  const change = useChangeDocument(record);
  const remove = useDeleteDocument(record);
  const [editing, setEditing] = useState<Document>();
  const [pending, setPending] = useState<Pending>();
  const picker = useRef<HTMLInputElement>(null);

  const setVisibility = async (document: Document, visibility: Document['visibility']) => {
    const saved = await change.mutateAsync({ documentId: document.id, changes: { visibility } });
    notifications.show({
      color: 'success',
      title: visibility === 'public' ? 'Document made public' : 'Document made private',
      message:
        visibility === 'public'
          ? `${saved.name}: ${publicDescription.charAt(0).toLowerCase()}${publicDescription.slice(1)}`
          : `${saved.name} is now admin only.`,
    });
  };

  const onCommand = (command: DocumentCommand, document: Document) => {
    if (command === 'edit') setEditing(document);
    else if (command === 'make-private')
      void setVisibility(document, 'private').catch((caught: unknown) =>
        notifications.show({
          color: 'danger',
          title: 'The document was not changed',
          message: isApiError(caught) ? caught.message : 'Please try again.',
        }),
      );
    else setPending({ command, document });
  };

  return (
    <Stack gap="lg">
      {permissions.update && (
        <Paper
          withBorder
          radius="md"
          p={{ base: 'sm', sm: 'md' }}
          component="section"
          aria-labelledby="upload-documents"
        >
          <Stack gap="sm">
            <Title order={2} fz="lg" id="upload-documents">
              Upload documents
            </Title>
            <DocumentUploader record={record} publicDescription={publicDescription} inputRef={picker} />
          </Stack>
        </Paper>
      )}
      <Paper
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'md' }}
        component="section"
        aria-labelledby="documents-list"
      >
        <Stack gap="sm">
          <Title order={2} fz="lg" id="documents-list">
            Documents
          </Title>
          {isError ? (
            <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
              The documents could not be loaded. {isApiError(error) ? error.message : ''}
            </Alert>
          ) : (
            <DocumentsTable
              documents={data}
              loading={isPending}
              permissions={permissions}
              publicDescription={publicDescription}
              onCommand={onCommand}
              onChooseFiles={() => picker.current?.click()}
            />
          )}
        </Stack>
      </Paper>

      <DocumentEditModal
        record={record}
        document={editing}
        publicDescription={publicDescription}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmModal
        opened={pending?.command === 'delete'}
        onClose={() => setPending(undefined)}
        title="Delete document"
        confirmLabel="Delete document"
        danger
        onConfirm={async () => {
          if (!pending) return;
          await remove.mutateAsync(pending.document.id);
          notifications.show({
            color: 'success',
            title: 'Document deleted',
            message: `${pending.document.name} was deleted.`,
          });
        }}
      >
        Delete <strong>{pending?.document.name}</strong>? It is removed for good, for staff and investor
        alike.
      </ConfirmModal>
      <ConfirmModal
        opened={pending?.command === 'make-public'}
        onClose={() => setPending(undefined)}
        title="Make document public"
        confirmLabel="Make public"
        onConfirm={async () => {
          if (pending) await setVisibility(pending.document, 'public');
        }}
      >
        <Text component="span">
          Make <strong>{pending?.document.name}</strong> public? {publicDescription}
        </Text>
      </ConfirmModal>
    </Stack>
  );
}

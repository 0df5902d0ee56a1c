import { ActionIcon, Anchor, Button, EmptyState, Menu, Stack, Text } from '@mantine/core';
import type { Document } from '@portico/contracts';
import {
  IconDots,
  IconDownload,
  IconEye,
  IconFiles,
  IconLock,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { formatBytes, formatDate, formatDateTime } from '../../../lib/format';
import type { RecordPermissions } from '../../../lib/records/record-permissions';
import { DataTable, type DataTableColumn } from '../../data-table/data-table';
import { documentTypeName } from './document-rules';
import { DocumentVisibilityBadge } from './document-visibility-badge';

export type DocumentCommand = 'edit' | 'make-public' | 'make-private' | 'delete';

interface DocumentsTableProps {
  documents: Document[] | undefined;
  loading: boolean;
  permissions: RecordPermissions;
  publicDescription: string;
  onCommand: (command: DocumentCommand, document: Document) => void;
  /** the empty state's call to action: opens the file picker */
  onChooseFiles?: (() => void) | undefined;
}

function RowMenu({
  document,
  permissions,
  onCommand,
}: {
  document: Document;
  permissions: RecordPermissions;
  onCommand: DocumentsTableProps['onCommand'];
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${document.name}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component="a"
          href={document.url}
          download={document.name}
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Download
        </Menu.Item>
        {permissions.update && (
          <>
            <Menu.Item
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => onCommand('edit', document)}
            >
              Rename or recategorise
            </Menu.Item>
            {document.visibility === 'private' ? (
              <Menu.Item
                leftSection={<IconEye size={16} aria-hidden />}
                onClick={() => onCommand('make-public', document)}
              >
                Make public
              </Menu.Item>
            ) : (
              <Menu.Item
                leftSection={<IconLock size={16} aria-hidden />}
                onClick={() => onCommand('make-private', document)}
              >
                Make private
              </Menu.Item>
            )}
          </>
        )}
        {permissions.delete && (
          <Menu.Item
            color="danger"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => onCommand('delete', document)}
          >
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A record's documents: open one by its name, the rest through its menu. */
export function DocumentsTable({
  documents,
  loading,
  permissions,
  publicDescription,
  onCommand,
  onChooseFiles,
}: DocumentsTableProps) {
  const columns: DataTableColumn<Document>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (document) => (
        <Stack gap={0} miw={160}>
          <Anchor
            href={document.url}
            target="_blank"
            rel="noopener"
            size="sm"
            fw={600}
            style={{ overflowWrap: 'break-word' }}
          >
            {document.name}
          </Anchor>
          <Text size="xs" c="dimmed" hiddenFrom="md">
            {documentTypeName(document.content_type)} · {formatBytes(document.size_bytes)} ·{' '}
            {formatDate(document.created_at)}
          </Text>
          {document.category && (
            <Text size="xs" c="dimmed" hiddenFrom="lg">
              {document.category}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      visibleFrom: 'md',
      nowrap: true,
      render: (document) => documentTypeName(document.content_type),
    },
    {
      key: 'size',
      header: 'Size',
      visibleFrom: 'md',
      nowrap: true,
      align: 'right',
      render: (document) => formatBytes(document.size_bytes),
    },
    {
      key: 'category',
      header: 'Category',
      visibleFrom: 'lg',
      render: (document) => document.category ?? '—',
    },
    {
      key: 'uploaded_by',
      header: 'Uploaded by',
      visibleFrom: 'xl',
      render: (document) => document.uploaded_by?.name ?? '—',
    },
    {
      key: 'created_at',
      header: 'Uploaded',
      visibleFrom: 'md',
      nowrap: true,
      render: (document) => (
        <span title={formatDateTime(document.created_at)}>{formatDate(document.created_at)}</span>
      ),
    },
    {
      key: 'visibility',
      header: 'Visibility',
      render: (document) => (
        <DocumentVisibilityBadge visibility={document.visibility} publicDescription={publicDescription} />
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      width: 80,
      render: (document) => <RowMenu document={document} permissions={permissions} onCommand={onCommand} />,
    },
  ];

  return (
    <DataTable
      caption="Documents"
      columns={columns}
      rows={documents}
      rowKey={(document) => document.id}
      loading={loading}
      skeletonRows={3}
      empty={
        <EmptyState
          icon={<IconFiles size={28} aria-hidden />}
          title="No documents yet"
          description={
            permissions.update
              ? 'Upload identity documents, agreements and statements: drop them above, or choose them.'
              : 'Documents uploaded by staff appear here.'
          }
          withIndicatorBackground
          size="sm"
        >
          {permissions.update && onChooseFiles && (
            <EmptyState.Actions>
              <Button size="xs" variant="light" onClick={onChooseFiles}>
                Upload the first document
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      }
    />
  );
}

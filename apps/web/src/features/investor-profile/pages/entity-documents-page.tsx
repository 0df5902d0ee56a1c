import { Anchor, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { DOCUMENT_ACCEPT, DOCUMENT_HINT } from '../../../components/records/documents/document-rules';
import { FileDropZone } from '../../../components/records/documents/file-drop-zone';
import { LoadError } from '../../../components/records/compliance/load-error';
import { plural } from '../../../lib/format';
import {
  useMyEntity,
  useMyEntityDocuments,
  useUploadEntityDocuments,
} from '../api/investment-method-entities';
import { DocumentList } from '../components/document-list';
import { ProfilePage } from '../components/profile-page';
import { uploadFailure } from '../components/upload-failure';
import { profileSlugPath } from '../profile-slug';

/**
 * /investor/profile/investmentmethod-documents_{id}: the public documents of the investor's account with
 * an investment method, and documents the investor adds to it (our team sees them on the account).
 */
export function EntityDocumentsPage({ id }: { id: number }) {
  const entity = useMyEntity(id);
  const documents = useMyEntityDocuments(id);
  const upload = useUploadEntityDocuments(id);
  const [progress, setProgress] = useState<number>();
  const [failure, setFailure] = useState<string>();
  const name = entity.data?.name;

  const send = (files: File[]) => {
    setFailure(undefined);
    setProgress(0);
    upload.mutate(
      { files, onProgress: ({ loaded, total }) => setProgress(Math.round((loaded / total) * 100)) },
      {
        onSuccess: (added) =>
          notifications.show({
            color: 'success',
            title: `${plural(added.length, 'document')} added`,
            message: 'Our team can see them on your account.',
          }),
        onError: (caught) => setFailure(uploadFailure(caught)),
        onSettled: () => setProgress(undefined),
      },
    );
  };

  return (
    <ProfilePage title={name ? `Documents of ${name}` : 'Account documents'}>
      <Anchor component={Link} to={profileSlugPath('investmentmethod', id)} size="sm" w="fit-content">
        {name ? `Back to ${name}` : 'Back to the account'}
      </Anchor>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Add documents
          </Title>
          <Text size="sm" c="dimmed">
            Statements, transfer forms or letters from your provider: our team sees them on this account.
          </Text>
          <FileDropZone
            onFiles={send}
            accept={DOCUMENT_ACCEPT}
            hint={DOCUMENT_HINT}
            disabled={progress !== undefined}
          />
          {progress !== undefined && (
            <Stack gap={2}>
              <Text size="xs">Uploading… {progress}%</Text>
              <Progress value={progress} size="sm" aria-label="Uploading documents" />
            </Stack>
          )}
          {failure && (
            <Text size="sm" c="danger.8" role="alert">
              {failure}
            </Text>
          )}
        </Stack>
      </Paper>
      {documents.isPending ? (
        <Skeleton height={120} radius="md" aria-label="Loading the documents" />
      ) : documents.isError ? (
        <LoadError
          what="The documents"
          error={documents.error}
          retry={() => void documents.refetch()}
          retrying={documents.isFetching}
        />
      ) : (
        <DocumentList
          documents={documents.data}
          label={name ? `Documents of ${name}` : 'Account documents'}
          emptyTitle="No documents yet"
          emptyText="Documents about this account, from our team or from you, appear here."
        />
      )}
    </ProfilePage>
  );
}

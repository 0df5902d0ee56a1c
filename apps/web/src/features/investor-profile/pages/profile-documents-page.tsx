import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SIGNATURE_STATUS_LABELS, type OnboardingItem, type SignatureRequest } from '@portico/contracts';
import { IconFileCheck, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/records/compliance/load-error';
import { SectionEmpty } from '../../../components/records/engagements/section-empty';
import { formatDate } from '../../../lib/format';
import {
  useMyDocuments,
  useMyOnboarding,
  useMySignatureRequests,
  useUploadMyOnboardingDocument,
} from '../api/documents';
import { DocumentList } from '../components/document-list';
import { ProfilePage } from '../components/profile-page';
import { RequirementCard } from '../components/requirement-card';
import { uploadFailure } from '../components/upload-failure';

const ONE_FILE = 'Upload one file for a requirement.';
const SIGNATURE_COLOURS = { awaiting: 'yellow', signed: 'success', cancelled: 'gray' } as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label}>
      <Skeleton height={90} radius="md" />
      <Skeleton height={90} radius="md" />
    </Stack>
  );
}

function SignatureRequestLine({ request }: { request: SignatureRequest }) {
  return (
    <Paper component="li" withBorder radius="sm" p="sm">
      <Group justify="space-between" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Anchor component={Link} to={`/investor/pdf/${request.id}`} fw={600} size="sm">
            {request.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {request.status === 'signed'
              ? `Signed ${formatDate(request.signed_at)}`
              : `Sent ${formatDate(request.created_at)}`}
          </Text>
        </Stack>
        <Badge color={SIGNATURE_COLOURS[request.status]} variant="light">
          {SIGNATURE_STATUS_LABELS[request.status]}
        </Badge>
      </Group>
    </Paper>
  );
}

/**
 * /investor/profile/documents: the sign-up documents to upload (each with its review: awaiting, approved,
 * rejected with the reason), the PDFs staff sent to sign, and the documents staff shared.
 */
export function ProfileDocumentsPage() {
  const onboarding = useMyOnboarding();
  const signatures = useMySignatureRequests();
  const shared = useMyDocuments();
  const upload = useUploadMyOnboardingDocument();
  const [progress, setProgress] = useState<Record<number, number>>({});
  const [failures, setFailures] = useState<Record<number, string>>({});

  const setFor = <T,>(
    set: (update: (current: Record<number, T>) => Record<number, T>) => void,
    id: number,
    value: T | undefined,
  ) =>
    set((current) => {
      const next = { ...current };
      if (value === undefined) delete next[id];
      else next[id] = value;
      return next;
    });

  const uploadFor = (item: OnboardingItem, files: File[]) => {
    const id = item.requirement.id;
    const [file] = files;
    if (!file || files.length > 1) {
      setFor(setFailures, id, ONE_FILE);
      return;
    }
    setFor(setFailures, id, undefined);
    setFor(setProgress, id, 0);
    upload.mutate(
      {
        requirementId: id,
        file,
        onProgress: ({ loaded, total }) => setFor(setProgress, id, Math.round((loaded / total) * 100)),
      },
      {
        onSuccess: () =>
          notifications.show({
            color: 'success',
            title: `${item.requirement.name} uploaded`,
            message: 'We will review it and let you know.',
          }),
        onError: (caught) => setFor(setFailures, id, uploadFailure(caught)),
        onSettled: () => setFor(setProgress, id, undefined),
      },
    );
  };

  return (
    <ProfilePage title="Documents">
      <Section title="Sign-up documents">
        {onboarding.isPending ? (
          <Loading label="Loading your sign-up documents" />
        ) : onboarding.isError ? (
          <LoadError
            what="Your sign-up documents"
            error={onboarding.error}
            retry={() => void onboarding.refetch()}
            retrying={onboarding.isFetching}
          />
        ) : onboarding.data.items.length === 0 ? (
          <SectionEmpty
            icon={<IconFileCheck aria-hidden />}
            title="No documents are needed"
            description="We do not need any documents from you at the moment."
          />
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Upload each document below; our team reviews it and you are told of the outcome.
            </Text>
            {onboarding.data.items.map((item) => (
              <RequirementCard
                key={item.requirement.id}
                item={item}
                uploading={progress[item.requirement.id]}
                error={failures[item.requirement.id]}
                onFiles={(files) => uploadFor(item, files)}
              />
            ))}
          </>
        )}
      </Section>
      <Section title="Documents to sign">
        {signatures.isPending ? (
          <Loading label="Loading the documents to sign" />
        ) : signatures.isError ? (
          <LoadError
            what="The documents to sign"
            error={signatures.error}
            retry={() => void signatures.refetch()}
            retrying={signatures.isFetching}
          />
        ) : signatures.data.length === 0 ? (
          <SectionEmpty
            icon={<IconSignature aria-hidden />}
            title="Nothing to sign"
            description="When we send you a document to sign, it appears here."
          />
        ) : (
          <Stack
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Documents to sign"
          >
            {signatures.data.map((request) => (
              <SignatureRequestLine key={request.id} request={request} />
            ))}
          </Stack>
        )}
      </Section>
      <Section title="Shared with you">
        {shared.isPending ? (
          <Loading label="Loading the documents shared with you" />
        ) : shared.isError ? (
          <LoadError
            what="The documents shared with you"
            error={shared.error}
            retry={() => void shared.refetch()}
            retrying={shared.isFetching}
          />
        ) : (
          <DocumentList
            documents={shared.data}
            label="Documents shared with you"
            emptyTitle="No documents yet"
            emptyText="Documents our team shares with you appear here."
          />
        )}
      </Section>
    </ProfilePage>
  );
}

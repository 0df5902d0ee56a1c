import { Alert, Anchor, Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import {
  ONBOARDING_ITEM_STATUS_LABELS,
  ONBOARDING_REQUIREMENT_KIND_LABELS,
  SCREENING_EVIDENCE_LABELS,
  type OnboardingItem,
  type OnboardingItemStatus,
} from '@portico/contracts';
import { FileDropZone } from '../../../components/records/documents/file-drop-zone';
import { DOCUMENT_ACCEPT, DOCUMENT_HINT } from '../../../components/records/documents/document-rules';
import { Link } from 'react-router';
import { useFeature } from '../../../lib/branding';
import { formatDate } from '../../../lib/format';

const IDENTITY_PATH = '/investor/profile/identity';

const COLOURS: Record<OnboardingItemStatus, string> = {
  missing: 'gray',
  pending: 'yellow',
  approved: 'success',
  rejected: 'danger',
};

interface RequirementCardProps {
  item: OnboardingItem;
  /** 0 to 100 while this requirement's file uploads */
  uploading: number | undefined;
  /** why the last upload for this requirement was refused */
  error: string | undefined;
  onFiles: (files: File[]) => void;
}

/**
 * One sign-up document the investor must provide: what is asked, where it stands (not provided, awaiting
 * review, approved, rejected with the reason), and a drop zone to upload it, or a new file to replace
 * one awaiting review or rejected. An approved document is final.
 */
export function RequirementCard({ item, uploading, error, onFiles }: RequirementCardProps) {
  const { requirement, latest, status } = item;
  const name = requirement.name;
  // Collected once (issue 18): a file of the identity check is sent, and reviewed, with the check.
  const screening = useFeature('screening');
  const withCheck = screening && requirement.identity_evidence ? requirement.identity_evidence : null;
  const canUpload = status !== 'approved' && withCheck === null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="article" aria-label={name}>
      <Stack gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={700} component="h3" m={0} fz="md">
              {name}
            </Text>
            <Badge color={COLOURS[status]} variant="light">
              {ONBOARDING_ITEM_STATUS_LABELS[status]}
            </Badge>
            {!requirement.required && (
              <Badge color="gray" variant="outline" size="sm">
                Optional
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {ONBOARDING_REQUIREMENT_KIND_LABELS[requirement.kind]}
            {requirement.kind === 'sign' && ': sign it, then upload the signed copy'}
          </Text>
          {requirement.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {requirement.description}
            </Text>
          )}
        </Stack>
        {latest && (
          <Text size="sm">
            {latest.document_name ?? 'Your file'},{' '}
            {latest.screening_check_id ? 'sent with your identity check' : 'uploaded'}{' '}
            {formatDate(latest.created_at)}
            {status === 'pending' && ': we will review it shortly.'}
            {status === 'approved' &&
              `: approved${latest.reviewed_at ? ` on ${formatDate(latest.reviewed_at)}` : ''}.`}
          </Text>
        )}
        {status === 'rejected' && latest?.reason && (
          <Alert color="danger" variant="light" title="Not accepted">
            {latest.reason}{' '}
            {withCheck ? 'Please send it again with your identity check.' : 'Please upload it again.'}
          </Alert>
        )}
        {withCheck && status !== 'approved' && (
          <Text size="sm">
            This is the {SCREENING_EVIDENCE_LABELS[withCheck].toLowerCase()} of your identity check: you send
            it once, with the check, and we review it there.{' '}
            <Anchor component={Link} to={IDENTITY_PATH} fw={600}>
              {status === 'missing' || status === 'rejected'
                ? 'Send it on the Identity page'
                : 'See your identity check'}
            </Anchor>
          </Text>
        )}
        {canUpload && (
          <FileDropZone
            onFiles={onFiles}
            accept={DOCUMENT_ACCEPT}
            hint={`${status === 'missing' ? 'One file.' : 'One file, replacing the one above.'} ${DOCUMENT_HINT}`}
            disabled={uploading !== undefined}
          />
        )}
        {uploading !== undefined && (
          <Stack gap={2}>
            <Text size="xs">Uploading… {uploading}%</Text>
            <Progress value={uploading} size="sm" aria-label={`Uploading ${name}`} />
          </Stack>
        )}
        {error && (
          <Text size="sm" c="danger.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

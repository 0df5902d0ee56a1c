import {
  Anchor,
  Badge,
  Button,
  Collapse,
  FileButton,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  ONBOARDING_ITEM_STATUS_LABELS,
  ONBOARDING_REQUIREMENT_KIND_LABELS,
  type OnboardingItem,
  type OnboardingSubmission,
} from '@portico/contracts';
import { IconCheck, IconDownload, IconUpload, IconX } from '@tabler/icons-react';
import { DOCUMENT_ACCEPT } from '../../../components/records/documents/document-rules';
import { formatDateTime } from '../../../lib/format';
import { OnboardingStatusBadge } from './onboarding-status-badge';

/** The submitted file: a short-lived download link, or only its name. */
function SubmissionFile({ submission }: { submission: OnboardingSubmission }) {
  const name = submission.document?.name ?? submission.document_name ?? 'Document';
  return submission.document ? (
    <Anchor href={submission.document.url} download={name} size="sm" fw={600}>
      <Group gap={4} wrap="nowrap" component="span">
        <IconDownload size={16} aria-hidden />
        <span style={{ overflowWrap: 'anywhere' }}>{name}</span>
      </Group>
    </Anchor>
  ) : (
    <Text size="sm" fw={600}>
      {name}
    </Text>
  );
}

function SubmissionLine({ submission }: { submission: OnboardingSubmission }) {
  return (
    <Text size="xs" c="dimmed">
      Uploaded {formatDateTime(submission.created_at)}
      {submission.submitted_by && ` by ${submission.submitted_by.name}`}
      {submission.reviewed_by &&
        `; ${submission.status === 'approved' ? 'approved' : 'reviewed'} by ${submission.reviewed_by.name}, ${formatDateTime(submission.reviewed_at)}`}
    </Text>
  );
}

interface OnboardingItemCardProps {
  item: OnboardingItem;
  /** may upload on the investor's behalf and review (investors:update) */
  mayChange: boolean;
  /** 0 to 100 while this requirement's file uploads */
  uploading: number | undefined;
  onUpload: (file: File) => void;
  onApprove: (submission: OnboardingSubmission) => void;
  onReject: (submission: OnboardingSubmission) => void;
}

/** One sign-up document: what is asked, the latest submission with its review, and earlier ones. */
export function OnboardingItemCard({
  item,
  mayChange,
  uploading,
  onUpload,
  onApprove,
  onReject,
}: OnboardingItemCardProps) {
  const { requirement, latest, history } = item;
  const [showHistory, { toggle }] = useDisclosure(false);
  const name = requirement.name;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="article" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Group gap="xs">
              <Text fw={700}>{name}</Text>
              <OnboardingStatusBadge status={item.status} />
              {!requirement.required && (
                <Badge color="gray" variant="outline" size="sm">
                  Optional
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {ONBOARDING_REQUIREMENT_KIND_LABELS[requirement.kind]}
            </Text>
            {requirement.description && (
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {requirement.description}
              </Text>
            )}
          </Stack>
          {mayChange && (
            <FileButton
              onChange={(file) => file && onUpload(file)}
              accept={DOCUMENT_ACCEPT}
              inputProps={{ 'aria-label': `Choose a file for ${name}` }}
            >
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="default"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={uploading !== undefined}
                >
                  {latest ? 'Upload a new file' : 'Upload on their behalf'}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {uploading !== undefined && (
          <Stack gap={2}>
            <Text size="xs">Uploading… {uploading}%</Text>
            <Progress value={uploading} size="sm" aria-label={`Uploading ${name}`} />
          </Stack>
        )}
        {latest ? (
          <Paper radius="sm" p="sm" bg="gray.0">
            <Stack gap={6}>
              <SubmissionFile submission={latest} />
              <SubmissionLine submission={latest} />
              {latest.status === 'rejected' && latest.reason && (
                <Text size="sm" c="danger.8">
                  Rejected: {latest.reason}
                </Text>
              )}
              {mayChange && latest.status === 'pending' && (
                <Group gap="xs" mt={4}>
                  <Button
                    size="xs"
                    color="success"
                    leftSection={<IconCheck size={16} aria-hidden />}
                    onClick={() => onApprove(latest)}
                    aria-label={`Approve ${name}`}
                  >
                    Approve
                  </Button>
                  <Button
                    size="xs"
                    color="danger"
                    variant="light"
                    leftSection={<IconX size={16} aria-hidden />}
                    onClick={() => onReject(latest)}
                    aria-label={`Reject ${name}`}
                  >
                    Reject
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
        ) : (
          <Text size="sm" c="dimmed">
            Nothing has been uploaded yet.
          </Text>
        )}
        {history.length > 0 && (
          <>
            <Anchor component="button" type="button" size="xs" onClick={toggle} w="fit-content">
              {showHistory ? 'Hide' : 'Show'} {history.length} earlier{' '}
              {history.length === 1 ? 'submission' : 'submissions'}
            </Anchor>
            <Collapse expanded={showHistory}>
              <Stack gap="xs">
                {history.map((submission) => (
                  <Stack key={submission.id} gap={2}>
                    <Group gap="xs">
                      <SubmissionFile submission={submission} />
                      <Text size="xs" c="dimmed">
                        {ONBOARDING_ITEM_STATUS_LABELS[submission.status]}
                      </Text>
                    </Group>
                    <SubmissionLine submission={submission} />
                    {submission.reason && (
                      <Text size="xs" c="dimmed">
                        Reason: {submission.reason}
                      </Text>
                    )}
                  </Stack>
                ))}
              </Stack>
            </Collapse>
          </>
        )}
      </Stack>
    </Paper>
  );
}

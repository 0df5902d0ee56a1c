import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Document, SignatureRequest } from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import {
  IconCheck,
  IconChevronLeft,
  IconCopy,
  IconDownload,
  IconFileTypePdf,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { PageHeader } from '../../../components/layouts/page-header';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { LoadError } from '../../../components/records/compliance/load-error';
import { RecordFacts } from '../../../components/records/record-facts';
import { RecordSection } from '../../../components/records/record-section';
import { recordPath } from '../../../config/records';
import { isApiError } from '../../../lib/api-error';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useCancelSignatureRequest, useSignatureRequest } from '../api/signature-requests';
import { PdfPreview } from '../components/pdf-preview';
import { SignatureStatusBadge } from '../components/signature-status-badge';

const positiveId = (value: string | undefined) =>
  value && /^[1-9]\d*$/.test(value) ? Number(value) : undefined;

/** A PDF of the request: its name, size and a short-lived download link. */
function PdfFile({ document, label }: { document: Document; label: string }) {
  return (
    <Paper withBorder radius="sm" p="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconFileTypePdf size={32} color="var(--mantine-color-danger-6)" aria-hidden />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {document.name}
            </Text>
            <Text size="xs" c="dimmed">
              PDF, {formatBytes(document.size_bytes)}
            </Text>
          </Stack>
        </Group>
        <Button
          component="a"
          href={document.url}
          download={document.name}
          size="xs"
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          aria-label={`${label}: download ${document.name}`}
        >
          Download
        </Button>
      </Group>
    </Paper>
  );
}

function DocumentHash({ hash }: { hash: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{hash}</Code>
      <CopyButton value={hash}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy the hash'} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'success' : 'gray'}
              onClick={copy}
              aria-label="Copy the document hash"
            >
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function RequestBody({ investorId, request }: { investorId: number; request: SignatureRequest }) {
  const user = useUser();
  const investorWord = inSentence(useTerminology().investor);
  const cancel = useCancelSignatureRequest(investorId);
  const [cancelling, setCancelling] = useState(false);
  const mayCancel = can(user.role_id, 'investors', 'update') && request.status === 'awaiting';

  return (
    <Stack gap="lg">
      <RecordSection
        title="Request"
        actions={
          mayCancel && (
            <Button
              color="danger"
              variant="light"
              leftSection={<IconX size={18} aria-hidden />}
              onClick={() => setCancelling(true)}
            >
              Cancel request
            </Button>
          )
        }
      >
        <RecordFacts
          facts={[
            { label: 'Status', value: <SignatureStatusBadge status={request.status} /> },
            {
              label: 'Sent to',
              value: (
                <Anchor component={Link} to={recordPath('investor', request.investor.id)}>
                  {request.investor.name}
                </Anchor>
              ),
            },
            {
              label: 'Sent',
              value: `${formatDateTime(request.created_at)}${request.requested_by ? ` by ${request.requested_by.name}` : ''}`,
            },
            { label: 'Message', value: request.message, wide: true },
          ]}
        />
      </RecordSection>

      {request.status === 'signed' && (
        <RecordSection
          title="Signed document"
          description={`The signed copy is stamped with the signer, the time and the original’s SHA-256 hash, and kept with the ${investorWord}’s documents.`}
        >
          <RecordFacts
            facts={[
              { label: 'Signed by', value: request.signer_name },
              {
                label: 'Signature',
                value:
                  request.signature_kind === 'drawn'
                    ? 'Drawn'
                    : request.signature_kind === 'typed'
                      ? 'Typed'
                      : null,
              },
              { label: 'Signed at', value: formatDateTime(request.signed_at) },
            ]}
          />
          {request.document_hash && (
            <Stack gap={4}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                Document hash (SHA-256)
              </Text>
              <DocumentHash hash={request.document_hash} />
            </Stack>
          )}
          {request.signed_document ? (
            <>
              <PdfFile document={request.signed_document} label="Signed copy" />
              <PdfPreview
                document={request.signed_document}
                title={`Signed copy: ${request.signed_document.name}`}
              />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              The signed copy is no longer available.
            </Text>
          )}
        </RecordSection>
      )}

      <RecordSection
        title="Original document"
        description={
          request.status === 'awaiting'
            ? `The PDF the ${investorWord} has been asked to sign in the portal.`
            : 'The PDF as it was sent.'
        }
      >
        {request.source_document ? (
          <>
            <PdfFile document={request.source_document} label="Original" />
            {/* Once signed, the signed copy above is the one shown; the original stays a download. */}
            {!request.signed_document && (
              <PdfPreview
                document={request.source_document}
                title={`Original: ${request.source_document.name}`}
              />
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {request.status === 'cancelled'
              ? 'This request was cancelled: the document is no longer offered for signature.'
              : 'The original document is no longer available.'}
          </Text>
        )}
      </RecordSection>

      <ConfirmModal
        opened={cancelling}
        onClose={() => setCancelling(false)}
        title="Cancel signature request"
        confirmLabel="Cancel request"
        danger
        onConfirm={async () => {
          await cancel.mutateAsync(request.id);
          notifications.show({
            color: 'success',
            title: 'Request cancelled',
            message: `${request.title} is no longer offered to the ${investorWord} to sign.`,
          });
        }}
      >
        Cancel <strong>{request.title}</strong>? The {investorWord} will no longer be able to sign it, and
        will be told.
      </ConfirmModal>
    </Stack>
  );
}

/**
 * /admin/investors/{id}/sign-pdf/{request id} (spec §2.1): a document sent to the investor to sign: its
 * status, the original PDF and, once signed, the stamped copy with the signer, the time and the
 * document's hash. Staff cancel it while it awaits a signature.
 */
export function InvestorSignPdfPage() {
  const investorId = useRecordId();
  const requestId = positiveId(useParams().requestId);
  const terminology = useTerminology();
  const {
    data: request,
    isPending,
    isError,
    error,
    refetch,
    isFetching,
  } = useSignatureRequest(investorId ?? 0, investorId === undefined ? undefined : requestId);

  if (investorId === undefined || requestId === undefined || (isApiError(error) && error.status === 404))
    return <ErrorPage status={404} />;

  const back = recordPath('investor', investorId, 'investment-documents');
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={back} size="sm" mb="xs" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconChevronLeft size={16} aria-hidden />
          {request
            ? `${request.investor.name}: onboarding documents`
            : `${terminology.investor}: onboarding documents`}
        </Group>
      </Anchor>
      {isError ? (
        <LoadError
          what="This signature request"
          error={error}
          retry={() => void refetch()}
          retrying={isFetching}
        />
      ) : isPending ? (
        <Stack gap="md" aria-label="Loading">
          <Skeleton height={32} width={280} />
          <Skeleton height={140} radius="md" />
        </Stack>
      ) : (
        <>
          <PageHeader
            title={request.title}
            description={`Document for signature, sent to ${request.investor.name}`}
          />
          {request.status === 'awaiting' && (
            <Alert color="yellow" variant="light" mb="lg">
              Awaiting the signature of {request.investor.name}. They have been notified and sign it in the
              portal.
            </Alert>
          )}
          <RequestBody investorId={investorId} request={request} />
        </>
      )}
    </Stack>
  );
}

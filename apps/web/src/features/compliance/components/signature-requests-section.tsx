import { Anchor, Button, Text } from '@mantine/core';
import type { SignatureRequest } from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { LoadError } from '../../../components/records/compliance/load-error';
import { SectionEmpty } from '../../../components/records/engagements/section-empty';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useSignatureRequests } from '../api/signature-requests';
import { signPdfPath } from '../sign-pdf-path';
import { PrepareSignatureModal } from './prepare-signature-modal';
import { SignatureStatusBadge } from './signature-status-badge';

/** The documents sent to the investor to sign, and sending another. */
export function SignatureRequestsSection({ investorId }: { investorId: number }) {
  const user = useUser();
  const investorWord = inSentence(useTerminology().investor);
  const { data, isPending, isError, error, refetch, isFetching } = useSignatureRequests(investorId);
  const [preparing, setPreparing] = useState(false);
  const mayPrepare = can(user.role_id, 'investors', 'update');

  const columns: DataTableColumn<SignatureRequest>[] = [
    {
      key: 'title',
      header: 'Document',
      render: (request) => (
        <Anchor component={Link} to={signPdfPath(investorId, request.id)} size="sm" fw={600}>
          {request.title}
        </Anchor>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (request) => <SignatureStatusBadge status={request.status} />,
    },
    {
      key: 'sent',
      header: 'Sent',
      nowrap: true,
      visibleFrom: 'sm',
      render: (request) => (
        <Text size="sm">
          {formatDate(request.created_at)}
          {request.requested_by && (
            <Text span size="xs" c="dimmed">
              {' '}
              by {request.requested_by.name}
            </Text>
          )}
        </Text>
      ),
    },
    {
      key: 'signed',
      header: 'Signed',
      nowrap: true,
      visibleFrom: 'md',
      render: (request) => formatDateTime(request.signed_at),
    },
  ];

  return (
    <RecordSection
      title="Documents for signature"
      description={`PDFs sent to the ${investorWord} to sign in the portal.`}
      actions={
        mayPrepare && (
          <Button
            variant="light"
            leftSection={<IconSignature size={18} aria-hidden />}
            onClick={() => setPreparing(true)}
          >
            Prepare a document for signature
          </Button>
        )
      }
    >
      {isError ? (
        <LoadError
          what="The documents for signature"
          error={error}
          retry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <DataTable
          caption="Documents for signature"
          columns={columns}
          rows={data}
          rowKey={(request) => request.id}
          loading={isPending}
          skeletonRows={2}
          empty={
            <SectionEmpty
              icon={<IconSignature size={28} aria-hidden />}
              title="Nothing sent for signature"
              description={`Send a PDF, such as an application form, for the ${investorWord} to sign.`}
            />
          }
        />
      )}
      <PrepareSignatureModal investorId={investorId} opened={preparing} onClose={() => setPreparing(false)} />
    </RecordSection>
  );
}

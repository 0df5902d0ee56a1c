import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Categorisation } from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { IconCertificate, IconCheck, IconClockHour4, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { LoadError } from '../../../components/records/compliance/load-error';
import { RejectModal } from '../../../components/records/compliance/reject-modal';
import { SectionEmpty } from '../../../components/records/engagements/section-empty';
import { RecordFacts } from '../../../components/records/record-facts';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { categoryLabel } from '../../investors/components/investor-badges';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useCategorisations, useDecideCategorisation } from '../api/categorisations';
import { AppropriatenessAttemptsSection } from '../components/appropriateness-attempts-section';
import { CategorisationStatusBadge, ExpiryBadge } from '../components/categorisation-badges';
import { CategorisationDetailsModal } from '../components/categorisation-details-modal';
import { RecordCategorisationModal } from '../components/record-categorisation-modal';

/** Who reviewed it, when: "Alex Morgan, 1 May 2024, 10:15"; approved on signing when none was needed. */
const review = (item: Categorisation) => {
  if (item.reviewed_by) return `${item.reviewed_by.name}, ${formatDateTime(item.reviewed_at)}`;
  return item.status === 'approved' ? 'On signing (no approval needed)' : '—';
};

/**
 * /admin/investors/{id}/details/category: the investor's categorisation (DOMAIN.md, Compliance): the
 * current one with its statement, signed date and 12-month expiry, one awaiting approval with its
 * decision, the history, and a statement signed elsewhere recorded by staff.
 */
export function InvestorCategoryPage() {
  const id = useRecordId() ?? 0;
  const user = useUser();
  const terminology = useTerminology();
  const { data: categorisations, isPending, isError, error, refetch, isFetching } = useCategorisations(id);
  const decide = useDecideCategorisation(id);
  const [recording, setRecording] = useState(false);
  const [viewing, setViewing] = useState<Categorisation>();
  const [approving, setApproving] = useState<Categorisation>();
  const [rejecting, setRejecting] = useState<Categorisation>();
  const may = {
    record: can(user.role_id, 'investors', 'update'),
    decide: can(user.role_id, 'investor_category', 'update'),
  };
  const label = (item: Categorisation) => categoryLabel(terminology, item.category);
  const investorWord = inSentence(terminology.investor);

  if (isError)
    return (
      <LoadError
        what="The categorisations"
        error={error}
        retry={() => void refetch()}
        retrying={isFetching}
      />
    );

  const list = categorisations ?? [];
  const current = list.find((item) => item.is_current);
  const pending = list.find((item) => item.status === 'pending');
  const [latest] = list;
  const lastRejected = latest?.status === 'rejected' ? latest : undefined;
  const lastApproved = list.find((item) => item.status === 'approved');

  const columns: DataTableColumn<Categorisation>[] = [
    {
      key: 'category',
      header: 'Category',
      render: (item) => (
        <Anchor component="button" type="button" size="sm" fw={600} onClick={() => setViewing(item)}>
          {label(item)}
        </Anchor>
      ),
    },
    { key: 'version', header: 'Statement', visibleFrom: 'md', render: (item) => item.statement_version },
    { key: 'signed', header: 'Signed', nowrap: true, render: (item) => formatDate(item.signed_at) },
    {
      key: 'expires',
      header: 'Expires',
      nowrap: true,
      visibleFrom: 'sm',
      render: (item) => formatDate(item.expires_at),
    },
    {
      key: 'status',
      header: 'Status',
      render: (item) => (
        <Group gap={4} wrap="nowrap">
          <CategorisationStatusBadge status={item.status} />
          {item.is_current && <ExpiryBadge categorisation={item} />}
        </Group>
      ),
    },
    {
      key: 'recorded',
      header: 'Recorded by',
      visibleFrom: 'lg',
      render: (item) => item.recorded_by?.name ?? '—',
    },
    { key: 'reviewed', header: 'Reviewed', visibleFrom: 'lg', render: review },
    {
      key: 'reason',
      header: 'Reason',
      visibleFrom: 'md',
      render: (item) => item.reason ?? '—',
    },
  ];

  return (
    <Stack gap="lg" mt="md">
      <RecordSection
        title="Current categorisation"
        actions={
          may.record && (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setRecording(true)}>
              Record categorisation
            </Button>
          )
        }
      >
        {isPending ? (
          <Text c="dimmed" size="sm">
            Loading…
          </Text>
        ) : current ? (
          <Stack gap="sm">
            <Group gap="xs">
              <Text fw={700} size="lg">
                {label(current)}
              </Text>
              <CategorisationStatusBadge status={current.status} />
              <ExpiryBadge categorisation={current} />
            </Group>
            <RecordFacts
              facts={[
                {
                  label: 'Statement',
                  value: `${current.statement_title}, version ${current.statement_version}`,
                },
                { label: 'Signed', value: formatDate(current.signed_at) },
                { label: 'Expires', value: formatDate(current.expires_at) },
                { label: 'Recorded by', value: current.recorded_by?.name ?? `The ${investorWord}` },
                { label: 'Approved by', value: review(current) },
              ]}
            />
            <Group>
              <Button size="xs" variant="light" onClick={() => setViewing(current)}>
                View statement and answers
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {lastApproved
              ? `No valid categorisation: the last one (${label(lastApproved)}) expired on ${formatDate(lastApproved.expires_at)}. The ${investorWord} must sign a new statement.`
              : `No valid categorisation: the ${investorWord} has not been categorised yet.`}
          </Text>
        )}
      </RecordSection>

      {pending && (
        <Alert color="yellow" variant="light" icon={<IconClockHour4 aria-hidden />} title="Awaiting approval">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              The {label(pending)} statement (version {pending.statement_version}) was signed on{' '}
              {formatDate(pending.signed_at)}
              {pending.recorded_by ? ` and recorded by ${pending.recorded_by.name}` : ''}. The appropriateness
              test opens once it is approved.
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setViewing(pending)}>
                View statement and answers
              </Button>
              {may.decide && (
                <>
                  <Button
                    size="xs"
                    color="success"
                    leftSection={<IconCheck size={16} aria-hidden />}
                    onClick={() => setApproving(pending)}
                  >
                    Approve
                  </Button>
                  <Button
                    size="xs"
                    color="danger"
                    variant="light"
                    leftSection={<IconX size={16} aria-hidden />}
                    onClick={() => setRejecting(pending)}
                  >
                    Reject
                  </Button>
                </>
              )}
            </Group>
          </Stack>
        </Alert>
      )}

      {lastRejected && (
        <Alert
          color="danger"
          variant="light"
          icon={<IconX aria-hidden />}
          title="Latest categorisation rejected"
        >
          The {label(lastRejected)} statement signed on {formatDate(lastRejected.signed_at)} was rejected
          {lastRejected.reason ? `: ${lastRejected.reason}` : '.'}
        </Alert>
      )}

      <RecordSection title="History" description="Every statement signed, most recent first.">
        <DataTable
          caption="Categorisation history"
          columns={columns}
          rows={categorisations}
          rowKey={(item) => item.id}
          loading={isPending}
          skeletonRows={3}
          empty={
            <SectionEmpty
              icon={<IconCertificate size={28} aria-hidden />}
              title="No categorisations yet"
              description={`The ${investorWord} signs a statement in the portal, or staff record one signed elsewhere.`}
            />
          }
        />
      </RecordSection>

      <AppropriatenessAttemptsSection investorId={id} />

      <RecordCategorisationModal investorId={id} opened={recording} onClose={() => setRecording(false)} />
      <CategorisationDetailsModal categorisation={viewing} onClose={() => setViewing(undefined)} />
      <ConfirmModal
        opened={approving !== undefined}
        onClose={() => setApproving(undefined)}
        title="Approve categorisation"
        confirmLabel="Approve"
        onConfirm={async () => {
          if (!approving) return;
          await decide.mutateAsync({ categorisationId: approving.id });
          notifications.show({
            color: 'success',
            title: 'Categorisation approved',
            message: `The ${investorWord} has been told.`,
          });
        }}
      >
        Approve the {approving && label(approving)} statement signed on{' '}
        {approving && formatDate(approving.signed_at)}? It will be valid until{' '}
        {approving && formatDate(approving.expires_at)}, and the {investorWord} will be told.
      </ConfirmModal>
      <RejectModal
        opened={rejecting !== undefined}
        onClose={() => setRejecting(undefined)}
        title="Reject categorisation"
        confirmLabel="Reject categorisation"
        onReject={async (reason) => {
          if (!rejecting) return;
          await decide.mutateAsync({ categorisationId: rejecting.id, reason });
          notifications.show({
            color: 'success',
            title: 'Categorisation rejected',
            message: `The ${investorWord} has been told why.`,
          });
        }}
      >
        Reject the {rejecting && label(rejecting)} statement signed on{' '}
        {rejecting && formatDate(rejecting.signed_at)}? The {investorWord} is told the reason and asked to
        sign again.
      </RejectModal>
    </Stack>
  );
}

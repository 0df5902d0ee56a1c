import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  can,
  PROMOTION_EXCEPTION_STATUS_LABELS,
  withdrawPromotionExceptionInputSchema,
  type PromotionException,
  type PromotionExceptionStatus,
} from '@portico/contracts';
import { IconCertificate, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ReasonModal } from '../../../components/modals/reason-modal';
import { LoadError } from '../../../components/records/compliance/load-error';
import { SectionEmpty } from '../../../components/records/engagements/section-empty';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { usePromotionExceptions } from '../api/get-promotion-exceptions';
import { useWithdrawPromotionException } from '../api/record-promotion-exception';
import { RecordExemptionModal } from '../components/record-exemption-modal';

const STATUS_COLOURS: Record<PromotionExceptionStatus, string> = {
  valid: 'success',
  expired: 'gray',
  withdrawn: 'danger',
};

function StatusBadge({ status }: { status: PromotionExceptionStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light">
      {PROMOTION_EXCEPTION_STATUS_LABELS[status]}
    </Badge>
  );
}

function Evidence({ row }: { row: PromotionException }) {
  return (
    <Stack gap={2}>
      {row.evidence_reference && <Text size="sm">{row.evidence_reference}</Text>}
      {row.document && (
        <Anchor href={row.document.url} size="sm" target="_blank" rel="noopener">
          {row.document.name}
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * /admin/investors/{id}/details/promotion-exemptions (issue 21, decision 032): the financial promotion
 * exemptions recorded for the investor, current and past, with their status today; record one, withdraw one
 * with a reason. Nothing is edited or deleted.
 */
export function InvestorPromotionExemptionsPage() {
  const id = useRecordId() ?? 0;
  const user = useUser();
  const mayRecord = can(user.role_id, 'investors', 'update');
  const { data, isPending, isError, error, refetch, isFetching } = usePromotionExceptions(id);
  const withdraw = useWithdrawPromotionException(id);
  const [recording, setRecording] = useState(false);
  const [withdrawing, setWithdrawing] = useState<PromotionException>();

  if (isError)
    return (
      <LoadError what="The exemptions" error={error} retry={() => void refetch()} retrying={isFetching} />
    );

  const columns: DataTableColumn<PromotionException>[] = [
    {
      key: 'type',
      header: 'Exemption',
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {row.type_label}
          </Text>
          {row.description && (
            <Text size="xs" c="dimmed">
              {row.description}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'status', header: 'Status', render: (row) => <StatusBadge status={row.status} /> },
    { key: 'effective_on', header: 'Effective', nowrap: true, render: (row) => formatDate(row.effective_on) },
    {
      key: 'expires_on',
      header: 'Expires',
      nowrap: true,
      render: (row) => (row.expires_on ? formatDate(row.expires_on) : 'No expiry'),
    },
    { key: 'evidence', header: 'Evidence', visibleFrom: 'sm', render: (row) => <Evidence row={row} /> },
    {
      key: 'recorded',
      header: 'Recorded',
      visibleFrom: 'md',
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm">{row.recorded_by?.name ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(row.recorded_at)}
          </Text>
          {row.withdrawn_at && (
            <Text size="xs" c="dimmed">
              Withdrawn {formatDateTime(row.withdrawn_at)}
              {row.withdrawn_by ? ` by ${row.withdrawn_by.name}` : ''}: {row.withdrawal_reason}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (row) =>
        mayRecord &&
        row.status !== 'withdrawn' && (
          <Button
            size="xs"
            variant="light"
            color="danger"
            aria-label={`Withdraw ${row.type_label}`}
            onClick={() => setWithdrawing(row)}
          >
            Withdraw
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="lg" mt="md">
      <RecordSection
        title="Promotion exemptions"
        description="While financial promotion exemptions are on, live opportunities reach this investor only with a valid exemption today. Exemptions are kept: one recorded by mistake is withdrawn."
        actions={
          mayRecord && (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setRecording(true)}>
              Record exemption
            </Button>
          )
        }
      >
        <DataTable
          caption="Promotion exemptions"
          columns={columns}
          rows={data}
          rowKey={(row) => row.id}
          loading={isPending}
          skeletonRows={2}
          empty={
            <SectionEmpty
              icon={<IconCertificate size={28} aria-hidden />}
              title="No exemption recorded"
              description="Record the signed statement or certificate under which this investor may receive promotions."
            />
          }
        />
      </RecordSection>

      <RecordExemptionModal investorId={id} opened={recording} onClose={() => setRecording(false)} />
      <ReasonModal
        opened={withdrawing !== undefined}
        onClose={() => setWithdrawing(undefined)}
        title="Withdraw this exemption?"
        confirmLabel="Withdraw exemption"
        cancelLabel="Keep it"
        schema={withdrawPromotionExceptionInputSchema}
        maxLength={500}
        reasonDescription="Kept with the exemption, for the firm’s records."
        onSubmit={(reason) => withdraw.mutateAsync({ id: withdrawing?.id ?? 0, reason })}
        onDone={() =>
          notifications.show({
            color: 'success',
            title: 'Exemption withdrawn',
            message: 'It is kept, withdrawn.',
          })
        }
      >
        {withdrawing?.type_label}: the investor no longer relies on it. Record a new exemption if they hold
        another.
      </ReasonModal>
    </Stack>
  );
}

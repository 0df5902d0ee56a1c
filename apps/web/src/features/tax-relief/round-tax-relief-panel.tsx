import { Alert, Button, Skeleton, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  bulkTaxReliefCertificatesInputSchema,
  TAX_RELIEF_LABELS,
  type StaffTaxReliefLine,
} from '@portico/contracts';
import { IconAlertTriangle, IconCertificate } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { zodResolver } from '../../components/form/zod-resolver';
import { ConfirmModal } from '../../components/modals/confirm-modal';
import { FormModal, ModalForm } from '../../components/modals/form-modal';
import { RecordSection } from '../../components/records/record-section';
import { isApiError } from '../../lib/api-error';
import { formatDate } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import {
  ISSUE_KIND_LABELS as KIND_LABELS,
  londonToday,
  RecordCertificateForm,
  WithdrawCertificateForm,
} from './certificate-forms';
import { CertificateCell } from './tax-relief-section';
import {
  useBulkCertificates,
  useRecordCertificate,
  useRoundTaxRelief,
  useWithdrawCertificate,
} from './tax-relief-api';

interface BulkValues extends Record<string, unknown> {
  issued_on: string;
  reference_prefix: string;
}

function BulkForm({
  awaited,
  onReady,
  onCancel,
}: {
  awaited: number;
  onReady: (values: BulkValues) => void;
  onCancel: () => void;
}) {
  const form = useForm<BulkValues>({
    initialValues: { issued_on: '', reference_prefix: '' },
    validate: zodResolver(bulkTaxReliefCertificatesInputSchema),
  });
  return (
    <ModalForm
      onSubmit={(event) => form.onSubmit((values) => onReady(values))(event)}
      formError={null}
      submitting={false}
      submitLabel="Continue"
      onCancel={onCancel}
    >
      <Text size="sm">
        {awaited} share issue{awaited === 1 ? '' : 's'} of this round await{awaited === 1 ? 's' : ''} a
        certificate. Each gets a certificate issued on the date, referenced by the prefix followed by the
        share issue’s number.
      </Text>
      <TextInput
        label="Issued on"
        type="date"
        required
        max={londonToday()}
        data-autofocus
        {...form.getInputProps('issued_on')}
      />
      <TextInput
        label="Reference prefix"
        required
        maxLength={80}
        placeholder="EIS3-2025-"
        {...form.getInputProps('reference_prefix')}
      />
    </ModalForm>
  );
}

/**
 * An EIS or SEIS round's certificates (issue 20), on an existing investment's Transactions tab: each allotment
 * and follow-on with its EIS3/SEIS3 received or awaited; staff with update record one, withdraw one recorded by
 * mistake, or record every awaited one at once (asked to confirm). Nothing for a round without relief.
 */
export function RoundTaxReliefPanel({
  opportunityId,
  mayChange,
}: {
  opportunityId: number;
  mayChange: boolean;
}) {
  const { data, isPending, isError, error } = useRoundTaxRelief(opportunityId);
  const bulk = useBulkCertificates(opportunityId);
  const record = useRecordCertificate(opportunityId);
  const withdraw = useWithdrawCertificate(opportunityId);
  const [recording, setRecording] = useState<StaffTaxReliefLine | null>(null);
  const [withdrawing, setWithdrawing] = useState<StaffTaxReliefLine | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [confirming, setConfirming] = useState<BulkValues | null>(null);

  if (isError) {
    // a 404 is the page's own answer (no such existing investment): nothing to add here
    if (isApiError(error) && error.status === 404) return null;
    return (
      <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
        The tax relief certificates could not be loaded. {isApiError(error) ? error.message : ''}
      </Alert>
    );
  }
  if (isPending) return <Skeleton height={120} radius="md" aria-label="Loading tax relief" />;
  if (data.relief === 'none' || data.rate === null) return null;

  const awaited = data.lines.filter((line) => line.certificate.status === 'awaited').length;
  const columns: DataTableColumn<StaffTaxReliefLine>[] = [
    { key: 'date', header: 'Date', nowrap: true, render: (line) => formatDate(line.date) },
    { key: 'investor', header: 'Investor', render: (line) => line.investor.name },
    { key: 'kind', header: 'Type', render: (line) => KIND_LABELS[line.kind] ?? line.kind },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      nowrap: true,
      render: (line) => formatMoney(line.amount, line.currency),
    },
    {
      key: 'relief',
      header: 'Relief',
      align: 'right',
      nowrap: true,
      visibleFrom: 'sm',
      render: (line) => formatMoney(line.relief_amount, line.currency),
    },
    {
      key: 'year',
      header: 'Tax year',
      nowrap: true,
      visibleFrom: 'md',
      render: (line) => line.tax_year_label,
    },
    {
      key: 'certificate',
      header: 'Certificate',
      render: (line) => <CertificateCell certificate={line.certificate} />,
    },
    ...(mayChange
      ? [
          {
            key: 'actions',
            header: 'Actions',
            render: (line: StaffTaxReliefLine) =>
              line.certificate.status === 'awaited' ? (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setRecording(line)}
                  aria-label={`Record certificate for ${line.investor.name}, ${formatDate(line.date)}`}
                >
                  Record certificate
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="subtle"
                  color="danger"
                  onClick={() => setWithdrawing(line)}
                  aria-label={`Withdraw certificate ${line.certificate.reference ?? ''} for ${line.investor.name}`}
                >
                  Withdraw
                </Button>
              ),
          },
        ]
      : []),
  ];

  const actions = mayChange && awaited > 0 && (
    <Button
      size="sm"
      variant="light"
      leftSection={<IconCertificate size={16} aria-hidden />}
      onClick={() => setBulkOpen(true)}
    >
      Record all awaited certificates
    </Button>
  );

  return (
    <RecordSection
      title={`${TAX_RELIEF_LABELS[data.relief]} certificates`}
      description={data.lines.length > 0 ? `${awaited} awaited of ${data.lines.length}` : undefined}
      actions={actions}
    >
      {data.lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          No shares have been allotted in this round yet.
        </Text>
      ) : (
        <DataTable
          caption={`${TAX_RELIEF_LABELS[data.relief]} certificates`}
          columns={columns}
          rows={data.lines}
          rowKey={(line) => line.share_issue_id}
          loading={false}
        />
      )}
      <FormModal opened={recording !== null} onClose={() => setRecording(null)} title="Record a certificate">
        {recording && (
          <RecordCertificateForm
            line={recording}
            submit={(values) =>
              record.mutateAsync({ holding_transaction_id: recording.share_issue_id, ...values })
            }
            onDone={() => setRecording(null)}
          />
        )}
      </FormModal>
      <FormModal
        opened={withdrawing !== null}
        onClose={() => setWithdrawing(null)}
        title="Withdraw a certificate"
      >
        {withdrawing && (
          <WithdrawCertificateForm
            line={withdrawing}
            submit={(certificateId, reason) => withdraw.mutateAsync({ certificateId, reason })}
            onDone={() => setWithdrawing(null)}
          />
        )}
      </FormModal>
      <FormModal opened={bulkOpen} onClose={() => setBulkOpen(false)} title="Record all awaited certificates">
        <BulkForm
          awaited={awaited}
          onCancel={() => setBulkOpen(false)}
          onReady={(values) => {
            setBulkOpen(false);
            setConfirming(values);
          }}
        />
      </FormModal>
      <ConfirmModal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Record the certificates?"
        confirmLabel={`Record ${awaited} certificate${awaited === 1 ? '' : 's'}`}
        onConfirm={async () => {
          if (!confirming) return;
          const result = await bulk.mutateAsync({
            issued_on: confirming.issued_on,
            reference_prefix: confirming.reference_prefix.trim(),
          });
          notifications.show({
            color: 'success',
            title: 'Certificates recorded',
            message: `${result.recorded} certificate${result.recorded === 1 ? '' : 's'} recorded.`,
          });
        }}
      >
        {confirming &&
          `Every share issue of this round awaiting a certificate (${awaited}) gets one issued on ${formatDate(confirming.issued_on)}, referenced ${confirming.reference_prefix.trim()} followed by its number. Share issues after that date stay awaited.`}
      </ConfirmModal>
    </RecordSection>
  );
}

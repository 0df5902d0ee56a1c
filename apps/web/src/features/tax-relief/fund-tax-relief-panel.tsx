import { Alert, Button, Skeleton, Text } from '@mantine/core';
import type { StaffTaxReliefLine } from '@portico/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { FormModal } from '../../components/modals/form-modal';
import { RecordSection } from '../../components/records/record-section';
import { isApiError } from '../../lib/api-error';
import { formatDate } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { RecordCertificateForm, WithdrawCertificateForm } from './certificate-forms';
import { useFundTaxRelief, useRecordFundCertificate, useWithdrawFundCertificate } from './tax-relief-api';
import { CertificateCell } from './tax-relief-section';

const lineKey = (line: StaffTaxReliefLine) => `${line.share_issue_id}-${line.investor.id}`;

/**
 * An EIS (or SEIS) fund's certificates (issue 20): each investor's share of each of the fund's investments in a
 * company (split by paid-in capital at its date), with its EIS5 received or awaited; staff with funds update
 * record or withdraw one. Nothing for a fund without relief. For the fund's page (not mounted here).
 */
export function FundTaxReliefPanel({ fundId, mayChange }: { fundId: number; mayChange: boolean }) {
  const { data, isPending, isError, error } = useFundTaxRelief(fundId);
  const record = useRecordFundCertificate(fundId);
  const withdraw = useWithdrawFundCertificate(fundId);
  const [recording, setRecording] = useState<StaffTaxReliefLine | null>(null);
  const [withdrawing, setWithdrawing] = useState<StaffTaxReliefLine | null>(null);

  if (isError)
    return (
      <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
        The fund’s tax relief certificates could not be loaded. {isApiError(error) ? error.message : ''}
      </Alert>
    );
  if (isPending) return <Skeleton height={120} radius="md" aria-label="Loading tax relief" />;
  if (data.relief === 'none') return null;

  const awaited = data.lines.filter((line) => line.certificate.status === 'awaited').length;
  const columns: DataTableColumn<StaffTaxReliefLine>[] = [
    { key: 'date', header: 'Date', nowrap: true, render: (line) => formatDate(line.date) },
    { key: 'company', header: 'Company', render: (line) => line.company_name },
    { key: 'investor', header: 'Investor', render: (line) => line.investor.name },
    {
      key: 'amount',
      header: 'Investor’s share',
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
                  aria-label={`Record certificate for ${line.investor.name}, ${line.company_name}`}
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

  return (
    <RecordSection
      title="Tax relief certificates"
      description={data.lines.length > 0 ? `${awaited} awaited of ${data.lines.length}` : undefined}
    >
      {data.lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          The fund has made no investment in a company that its investors had paid in for yet.
        </Text>
      ) : (
        <DataTable
          caption="Tax relief certificates"
          columns={columns}
          rows={data.lines}
          rowKey={lineKey}
          loading={false}
        />
      )}
      <FormModal opened={recording !== null} onClose={() => setRecording(null)} title="Record a certificate">
        {recording && (
          <RecordCertificateForm
            line={recording}
            submit={(values) =>
              record.mutateAsync({
                fund_company_transaction_id: recording.share_issue_id,
                user_id: recording.investor.id,
                ...values,
              })
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
    </RecordSection>
  );
}

import { Alert, Button, EmptyState, Skeleton, Stack } from '@mantine/core';
import type { HoldingTransaction, HoldingTransactionKind } from '@portico/contracts';
import { can, canSeeInvestmentTab } from '@portico/contracts/constants';
import { IconAlertTriangle, IconArrowsExchange, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ErrorPage } from '../../../components/errors/error-page';
import { RecordSection } from '../../../components/records/record-section';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { formatMoney, formatPrice, formatShares } from '../../../lib/money';
import { useExistingTransactions } from '../api/existing-investments';
import { HoldingTransactionModal } from '../components/holding-transaction-modal';
import { RoundTaxReliefPanel } from '../../tax-relief/round-tax-relief-panel';

const KIND_LABELS: Readonly<Record<HoldingTransactionKind, string>> = {
  allotment: 'Allotment',
  follow_on: 'Follow-on',
  exit: 'Exit',
  dividend: 'Dividend',
};

/**
 * /admin/investments/existing/{id}/details/transactions: every holder's allotments (written when the
 * round completed), follow-ons, exits and dividends. Not for the Investment Manager (spec §6).
 */
export function ExistingTransactionsPage() {
  const id = useRecordId() ?? 0;
  const user = useUser();
  const visible = canSeeInvestmentTab(user.role_id, 'existing', 'transactions');
  const { data: rows, isPending, isError, error } = useExistingTransactions(id, visible);
  const [adding, setAdding] = useState(false);
  if (!visible) return <ErrorPage status={403} />;
  const mayChange = can(user.role_id, 'investment_opportunity_existing', 'update');
  const holders = [
    ...new Map(
      (rows ?? []).flatMap((row) => (row.investor ? [[row.investor.id, row.investor]] : [])),
    ).values(),
  ].sort((a, b) => a.name.localeCompare(b.name));

  const columns: DataTableColumn<HoldingTransaction>[] = [
    { key: 'date', header: 'Date', nowrap: true, render: (row) => formatDate(row.occurred_on) },
    { key: 'investor', header: 'Investor', render: (row) => row.investor?.name ?? '—' },
    { key: 'kind', header: 'Type', render: (row) => KIND_LABELS[row.kind] },
    {
      key: 'shares',
      header: 'Shares',
      align: 'right',
      render: (row) =>
        row.shares === null ? '—' : `${row.kind === 'exit' ? '−' : ''}${formatShares(row.shares)}`,
    },
    {
      key: 'price',
      header: 'Price',
      align: 'right',
      visibleFrom: 'sm',
      render: (row) => formatPrice(row.price),
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      nowrap: true,
      render: (row) => formatMoney(row.amount),
    },
    { key: 'class', header: 'Share class', visibleFrom: 'md', render: (row) => row.share_class ?? '—' },
  ];

  const add = mayChange && holders.length > 0 && (
    <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
      Record transaction
    </Button>
  );

  return (
    <Stack gap="lg" mt="md">
      {isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          The transactions could not be loaded. {isApiError(error) ? error.message : ''}
        </Alert>
      ) : isPending ? (
        <Skeleton height={240} radius="md" aria-label="Loading" />
      ) : rows.length === 0 ? (
        <RecordSection title="Transactions">
          <EmptyState
            icon={<IconArrowsExchange size={28} aria-hidden />}
            title="No transactions yet"
            description="Shares are allotted to each paid investment when the round completes; follow-ons, exits and dividends can then be recorded here."
            withIndicatorBackground
            size="sm"
          />
        </RecordSection>
      ) : (
        <RecordSection title="Transactions" actions={add}>
          <DataTable
            caption="Transactions"
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            loading={false}
          />
        </RecordSection>
      )}
      <RoundTaxReliefPanel opportunityId={id} mayChange={mayChange} />
      <HoldingTransactionModal id={id} opened={adding} investors={holders} onClose={() => setAdding(false)} />
    </Stack>
  );
}

import { Alert, EmptyState, Skeleton, Stack } from '@mantine/core';
import type { CapTableRow } from '@portico/contracts';
import { canSeeInvestmentTab } from '@portico/contracts/constants';
import { IconAlertTriangle, IconTable } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ErrorPage } from '../../../components/errors/error-page';
import { RecordSection } from '../../../components/records/record-section';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { formatMoney, formatPrice, formatShares } from '../../../lib/money';
import { formatMultiple } from '../../portfolio/figures';
import { useCapTable } from '../api/existing-investments';

type View = 'holders' | 'performance';

/**
 * The Cap Table (holders by share class: shares, % of the class, invested) and Cap Table Performance
 * (each holder's value, realised and multiple at the latest price) of an existing investment, from one
 * endpoint. Always on for existing investments; not for the Investment Manager (spec §6).
 */
function CapTableView({ view }: { view: View }) {
  const id = useRecordId() ?? 0;
  const user = useUser();
  const visible = canSeeInvestmentTab(
    user.role_id,
    'existing',
    view === 'holders' ? 'cap-table' : 'cap-table-performance',
  );
  const { data, isPending, isError, error } = useCapTable(id, visible);
  if (!visible) return <ErrorPage status={403} />;
  const currency = data?.currency ?? 'GBP';

  const investor: DataTableColumn<CapTableRow> = {
    key: 'investor',
    header: 'Investor',
    render: (row) => row.investor.name,
  };
  const columns: DataTableColumn<CapTableRow>[] =
    view === 'holders'
      ? [
          investor,
          { key: 'shares', header: 'Shares', align: 'right', render: (row) => formatShares(row.shares) },
          { key: 'percent', header: '% of class', align: 'right', render: (row) => `${row.percent}%` },
          {
            key: 'invested',
            header: 'Invested',
            align: 'right',
            nowrap: true,
            render: (row) => formatMoney(row.invested, currency),
          },
        ]
      : [
          investor,
          {
            key: 'invested',
            header: 'Invested',
            align: 'right',
            nowrap: true,
            visibleFrom: 'sm',
            render: (row) => formatMoney(row.invested, currency),
          },
          {
            key: 'value',
            header: 'Value',
            align: 'right',
            nowrap: true,
            render: (row) => formatMoney(row.value, currency),
          },
          {
            key: 'realised',
            header: 'Realised',
            align: 'right',
            nowrap: true,
            visibleFrom: 'sm',
            render: (row) => formatMoney(row.realised, currency),
          },
          { key: 'moic', header: 'Multiple', align: 'right', render: (row) => formatMultiple(row.moic) },
        ];

  return (
    <Stack gap="lg" mt="md">
      {isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          The cap table could not be loaded. {isApiError(error) ? error.message : ''}
        </Alert>
      ) : isPending ? (
        <Skeleton height={240} radius="md" aria-label="Loading" />
      ) : data.holders.length === 0 ? (
        <RecordSection title={view === 'holders' ? 'Cap table' : 'Cap table performance'}>
          <EmptyState
            icon={<IconTable size={28} aria-hidden />}
            title="No holders yet"
            description="Holders appear once shares are allotted at completion."
            withIndicatorBackground
            size="sm"
          />
        </RecordSection>
      ) : (
        data.classes.map((shareClass) => {
          const holders = data.holders.filter((row) => row.share_class === shareClass.share_class);
          if (holders.length === 0) return null;
          return (
            <RecordSection
              key={shareClass.share_class}
              title={shareClass.share_class}
              description={
                view === 'holders'
                  ? `${formatShares(shareClass.shares)} shares held, ${formatMoney(shareClass.invested, currency)} invested.`
                  : data.price
                    ? `Valued at ${formatPrice(data.price, currency)} per share${data.price_date ? ` (${formatDate(data.price_date)})` : ' (the round’s price)'}.`
                    : 'No share price is known yet.'
              }
            >
              <DataTable
                caption={`${shareClass.share_class} holders`}
                columns={columns}
                rows={holders}
                rowKey={(row) => `${row.investor.id}-${row.share_class}`}
                loading={false}
              />
            </RecordSection>
          );
        })
      )}
    </Stack>
  );
}

/** /admin/investments/existing/{id}/details/cap-table */
export function CapTablePage() {
  return <CapTableView view="holders" />;
}

/** /admin/investments/existing/{id}/details/cap-table-performance */
export function CapTablePerformancePage() {
  return <CapTableView view="performance" />;
}

import type { DealPerformance } from '@portico/contracts';
import { can, canSeeInvestmentTab } from '@portico/contracts/constants';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { ErrorPage } from '../../../components/errors/error-page';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { PerformanceLayout } from '../../../components/records/performance-layout';
import { formatDate, formatNumber } from '../../../lib/format';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { useDealPerformance, useRemoveDealPerformance } from '../api/deal-performance';
import { chartPounds, formatMoney } from '../../../lib/money';
import { PerformanceModal } from '../components/performance-modal';

const SERIES = [
  { name: 'Revenue', color: 'primary.6' },
  { name: 'EBITDA', color: 'orange.6' },
  { name: 'Cash', color: 'teal.6' },
];

const COLUMNS: DataTableColumn<DealPerformance>[] = [
  { key: 'period', header: 'Period ending', render: (row) => formatDate(row.period), nowrap: true },
  {
    key: 'revenue',
    header: 'Revenue',
    align: 'right',
    nowrap: true,
    render: (row) => formatMoney(row.revenue),
  },
  {
    key: 'gross_profit',
    header: 'Gross profit',
    align: 'right',
    nowrap: true,
    visibleFrom: 'md',
    render: (row) => formatMoney(row.gross_profit),
  },
  {
    key: 'ebitda',
    header: 'EBITDA',
    align: 'right',
    nowrap: true,
    render: (row) => formatMoney(row.ebitda),
  },
  {
    key: 'cash',
    header: 'Cash',
    align: 'right',
    nowrap: true,
    visibleFrom: 'sm',
    render: (row) => formatMoney(row.cash),
  },
  {
    key: 'headcount',
    header: 'Headcount',
    align: 'right',
    visibleFrom: 'sm',
    render: (row) => (row.headcount === null ? '—' : formatNumber(row.headcount)),
  },
];

/** /admin/investments/deals/{id}/performance: the figures the company reported, period by period. */
export function DealPerformancePage() {
  const id = useRecordId() ?? 0;
  const user = useUser();
  const visible = canSeeInvestmentTab(user.role_id, 'deals', 'performance');
  const { data: rows, isPending, isError, error } = useDealPerformance(id, visible);
  const remove = useRemoveDealPerformance();
  const [editing, setEditing] = useState<{ row: DealPerformance | null }>();
  const [removing, setRemoving] = useState<DealPerformance>();
  // The Investment Manager does not see Performance on investments (spec §6).
  if (!visible) return <ErrorPage status={403} />;
  const mayChange = can(user.role_id, 'pipeline_deals', 'update');

  return (
    <PerformanceLayout
      isPending={isPending}
      isError={isError}
      error={error}
      loadErrorMessage="The figures could not be loaded."
      rows={rows}
      rowKey={(row) => row.id}
      rowLabel={(row) => formatDate(row.period)}
      columns={COLUMNS}
      chart={{
        title: 'Revenue, EBITDA and cash',
        description: "In pounds, by the period's last day.",
        height: 280,
        data: (rows ?? []).map((row) => ({
          period: formatDate(row.period),
          Revenue: chartPounds(row.revenue),
          EBITDA: chartPounds(row.ebitda),
          Cash: chartPounds(row.cash),
        })),
        dataKey: 'period',
        series: SERIES,
        curveType: 'monotone',
        withLegend: true,
        connectNulls: true,
        valueFormatter: (value) => formatMoney(String(value)),
        tableHolds: 'The table below holds the same figures.',
      }}
      tableTitle="Figures"
      tableCaption="Figures by period"
      empty={{
        sectionTitle: 'Performance',
        title: 'No figures yet',
        description:
          'Add what the company reports each period: revenue, gross profit, EBITDA, cash and headcount.',
      }}
      actions={
        mayChange
          ? {
              addLabel: 'Add figures',
              onAdd: () => setEditing({ row: null }),
              onEdit: (row) => setEditing({ row }),
              onRemove: setRemoving,
            }
          : undefined
      }
    >
      <PerformanceModal
        dealId={id}
        opened={editing !== undefined}
        row={editing?.row ?? null}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmModal
        opened={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title="Delete figures"
        confirmLabel="Delete figures"
        danger
        onConfirm={async () => {
          if (removing) await remove.mutateAsync({ dealId: id, periodId: removing.id });
        }}
      >
        Delete the figures for the period ending <strong>{formatDate(removing?.period)}</strong>?
      </ConfirmModal>
    </PerformanceLayout>
  );
}

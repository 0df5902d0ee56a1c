import { Badge, Box, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ExistingPerformance, SharePrice } from '@portico/contracts';
import { can, canSeeInvestmentTab } from '@portico/contracts/constants';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { ErrorPage } from '../../../components/errors/error-page';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { PerformanceLayout } from '../../../components/records/performance-layout';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { formatMoney, formatPrice, formatShares } from '../../../lib/money';
import { formatMultiple } from '../../portfolio/figures';
import { useExistingPerformance, useRemoveSharePrice } from '../api/existing-investments';
import { PRICE_KIND_LABELS, SharePriceModal } from '../components/share-price-modal';

/** A price as a plotting coordinate (the chart draws with numbers); never used for arithmetic. */
const coordinate = (price: string) => Number.parseFloat(price);

/** A price still in force: not corrected nor withdrawn. */
const current = (row: SharePrice) => row.replaced_at === null;

/** Whether a price is in force, or who corrected or withdrew it and when. */
function PriceStanding({ row }: { row: SharePrice }) {
  if (current(row))
    return (
      <Badge color="green" variant="light">
        In force
      </Badge>
    );
  const who = row.replaced_by ? ` by ${row.replaced_by.name}` : '';
  return (
    <Stack gap={2} align="flex-start">
      <Badge color="gray" variant="light">
        {row.superseded_by_id === null ? 'Withdrawn' : 'Corrected'}
      </Badge>
      <Text size="xs" c="dimmed">
        {`${formatDateTime(row.replaced_at)}${who}`}
      </Text>
    </Stack>
  );
}

/** What every holding is worth at the latest price. */
function HoldingsValue({ data }: { data: ExistingPerformance }) {
  const { currency } = data;
  return (
    <RecordSection
      title="Holdings value"
      description={
        data.price
          ? `At ${formatPrice(data.price, currency)} per share${data.price_date ? ` (${formatDate(data.price_date)})` : ' (the round’s price)'}.`
          : 'No share price is known yet.'
      }
    >
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
        {[
          ['Shares held', formatShares(data.shares)],
          ['Invested', formatMoney(data.invested, currency)],
          ['Value', formatMoney(data.value, currency)],
          ['Multiple', formatMultiple(data.moic)],
        ].map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fz="xl" fw={600}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </RecordSection>
  );
}

/**
 * /admin/investments/existing/{id}/details/performance: the share-price history staff enter (the round,
 * valuations, an exit) and what every holding is worth at the latest price. Prices are append-only
 * (issue 18): a correction is a new price, and the table shows the corrected and withdrawn ones too, with
 * who replaced them and when. Not for the Investment Manager (spec §6; the server refuses too).
 */
export function ExistingPerformancePage() {
  const id = useRecordId() ?? 0;
  const user = useUser();
  const visible = canSeeInvestmentTab(user.role_id, 'existing', 'performance');
  const { data, isPending, isError, error } = useExistingPerformance(id, visible);
  const remove = useRemoveSharePrice();
  const [editing, setEditing] = useState<{ row: SharePrice | null }>();
  const [removing, setRemoving] = useState<SharePrice>();
  if (!visible) return <ErrorPage status={403} />;
  const mayChange = can(user.role_id, 'investment_opportunity_existing', 'update');
  const currency = data?.currency ?? 'GBP';
  // the chart draws the prices in force; the table keeps every price, corrections beside what they replaced
  const prices = (data?.prices ?? []).filter(current);

  const columns: DataTableColumn<SharePrice>[] = [
    { key: 'date', header: 'Date', nowrap: true, render: (row) => formatDate(row.effective_on) },
    {
      key: 'price',
      header: 'Price per share',
      align: 'right',
      render: (row) =>
        current(row) ? (
          formatPrice(row.price, currency)
        ) : (
          <Text component="s" c="dimmed" size="sm">
            {formatPrice(row.price, currency)}
          </Text>
        ),
    },
    { key: 'kind', header: 'Kind', render: (row) => PRICE_KIND_LABELS[row.kind] },
    { key: 'standing', header: 'Status', render: (row) => <PriceStanding row={row} /> },
    {
      key: 'entered',
      header: 'Entered',
      visibleFrom: 'md',
      render: (row) =>
        `${formatDateTime(row.created_at)}${row.created_by ? ` by ${row.created_by.name}` : ''}`,
    },
    { key: 'note', header: 'Note', visibleFrom: 'sm', render: (row) => row.note ?? '—' },
  ];

  return (
    <Box mt="md">
      <PerformanceLayout
        isPending={isPending}
        isError={isError}
        error={error}
        loadErrorMessage="The performance could not be loaded."
        summary={data && <HoldingsValue data={data} />}
        rows={data && [...data.prices].reverse()}
        rowKey={(row) => row.id}
        rowLabel={(row) => formatDate(row.effective_on)}
        columns={columns}
        chart={
          prices.length > 1
            ? {
                title: 'Share price over time',
                height: 260,
                data: prices.map((row) => ({
                  date: formatDate(row.effective_on),
                  Price: coordinate(row.price),
                })),
                dataKey: 'date',
                series: [{ name: 'Price', color: 'primary.6' }],
                curveType: 'linear',
                valueFormatter: (value) => formatPrice(value.toFixed(6), currency),
                tableHolds: 'The table below holds the same prices.',
              }
            : null
        }
        tableTitle="Share prices"
        tableCaption="Share prices"
        empty={{
          sectionTitle: 'Share prices',
          title: 'No share prices yet',
          description:
            'Add valuations as they happen: every holding is valued at the latest price on or before today.',
        }}
        actions={
          mayChange
            ? {
                addLabel: 'Add share price',
                onAdd: () => setEditing({ row: null }),
                onEdit: (row) => setEditing({ row }),
                onRemove: setRemoving,
                editLabel: 'Correct',
                removeLabel: 'Withdraw',
                actsOn: current,
              }
            : undefined
        }
      >
        <SharePriceModal
          id={id}
          opened={editing !== undefined}
          row={editing?.row ?? null}
          onClose={() => setEditing(undefined)}
        />
        <ConfirmModal
          opened={removing !== undefined}
          onClose={() => setRemoving(undefined)}
          title="Withdraw share price"
          confirmLabel="Withdraw share price"
          danger
          onConfirm={async () => {
            if (removing) await remove.mutateAsync({ id, priceId: removing.id });
          }}
        >
          Withdraw the share price of <strong>{formatDate(removing?.effective_on)}</strong>? It stays in the
          history as withdrawn, with your name, and every holding is then valued at the price before it.
        </ConfirmModal>
      </PerformanceLayout>
    </Box>
  );
}

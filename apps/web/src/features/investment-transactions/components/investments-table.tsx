import { Anchor, Badge, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  INVESTMENT_STATUSES,
  INVESTMENT_STATUS_STAFF_LABELS,
  type InvestmentStatus,
  type StaffInvestment,
} from '@portico/contracts';
import { can, opportunityAdminPath } from '@portico/contracts/constants';
import { IconCoins } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { recordPath } from '../../../config/records';
import { formatDate, plural } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { singularOf, useTerminology } from '../../../lib/terminology';
import { formatMoney } from '../../../lib/money';
import { useInvestments, type InvestmentsOwner } from '../api/investments';

/**
 * A state in staff words (Reserved, Called, Paid, Completed, Cancelled; decision 019): the investor's
 * allocation labels ("MY RESERVED ALLOCATIONS") are the portal's, not the admin's.
 */
export const statusLabel = (status: InvestmentStatus) => INVESTMENT_STATUS_STAFF_LABELS[status];

const STATUS_COLOURS: Record<InvestmentStatus, string> = {
  reserved: 'blue',
  awaiting_payment: 'yellow',
  paid: 'teal',
  completed: 'green',
  cancelled: 'gray',
};

export function InvestmentStatusBadge({ status }: { status: InvestmentStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLOURS[status]}>
      {statusLabel(status)}
    </Badge>
  );
}

const HOLDING_KINDS: Record<StaffInvestment['holding']['type'], string> = {
  self: 'Own name',
  organisation: 'Organisation',
  investment_method: 'Investment method',
  nominee: 'Nominee',
};

/** "£5,000 (4,000 shares)" as "4,000" */
const sharesText = (shares: string | null) =>
  shares === null ? '—' : shares.replace(/\.0+$/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');

interface InvestmentsTableProps {
  owner: InvestmentsOwner;
  /** what a row is seen from: the opportunity's tab leaves out the opportunity column, and so on */
  show: { opportunity: boolean; investor: boolean };
  /** the row's actions (record a payment, cancel, refund), when the role has any */
  actions?: (row: StaffInvestment) => ReactNode;
  /** why the list is empty before anything is recorded */
  emptyText: string;
}

/**
 * The one list of investments (spec §2.1 Transactions tabs): an opportunity's, an investor's, or those
 * held through an organisation, an investment method or a nominee. Totals, a filter by state, and each
 * investment with its investor, holding, money, state, reference and dates.
 */
export function InvestmentsTable({ owner, show, actions, emptyText }: InvestmentsTableProps) {
  const user = useUser();
  const terms = useTerminology();
  const [status, setStatus] = useState<InvestmentStatus | null>(null);
  const { data, isPending, isError, error, isFetching } = useInvestments(owner, status ? [status] : []);
  const mayOpenInvestor = can(user.role_id, 'investors', 'show');

  /** How it is held: the vehicle's name and kind, or "Own name". */
  const held = (row: StaffInvestment) => (
    <Text size="xs" c="dimmed">
      {row.holding.type === 'self'
        ? 'Held in own name'
        : `Held through ${row.holding.name} (${HOLDING_KINDS[row.holding.type].toLowerCase()})`}
    </Text>
  );

  // Five columns that fit 1280 px beside the navigation: each fact kept, related facts stacked in a cell
  // (who and how held; amount, shares and paid; state, kind, reason and reference; the dates).
  const columns: DataTableColumn<StaffInvestment>[] = [
    ...(show.investor
      ? [
          {
            key: 'investor',
            header: 'Investor',
            render: (row: StaffInvestment) => (
              <div>
                {mayOpenInvestor ? (
                  <Anchor component={Link} to={recordPath('investor', row.investor.id)} size="sm" fw={600}>
                    {row.investor.name}
                  </Anchor>
                ) : (
                  <Text size="sm" fw={600}>
                    {row.investor.name}
                  </Text>
                )}
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {row.investor.email}
                </Text>
                {held(row)}
              </div>
            ),
          },
        ]
      : []),
    ...(show.opportunity
      ? [
          {
            key: 'opportunity',
            header: singularOf(terms.opportunities),
            render: (row: StaffInvestment) => (
              <div>
                <Anchor
                  component={Link}
                  to={opportunityAdminPath(row.opportunity.id, row.opportunity.stage)}
                  size="sm"
                  fw={600}
                >
                  {row.opportunity.name}
                </Anchor>
                {!show.investor && held(row)}
              </div>
            ),
          },
        ]
      : []),
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      render: (row) => (
        <div>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(row.amount)}
          </Text>
          <Text size="xs" c="dimmed">
            {row.shares === null ? 'no shares yet' : `${sharesText(row.shares)} shares`}
          </Text>
          <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(row.paid_amount)} paid
          </Text>
          {row.refunded_at && (
            <Text size="xs" c="dimmed">
              refunded {formatDate(row.refunded_at)}
            </Text>
          )}
        </div>
      ),
    },
    {
      key: 'status',
      header: 'State',
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <InvestmentStatusBadge status={row.status} />
          {row.type !== 'platform' && (
            <Text size="xs" c="dimmed">
              {row.type === 'manual' ? 'Manual' : 'Private manual'}
            </Text>
          )}
          {row.cancel_reason && (
            <Text size="xs" c="dimmed" maw={200}>
              {row.cancel_reason}
            </Text>
          )}
          <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
            Ref. {row.payment_reference ?? '—'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'dates',
      header: 'Dates',
      visibleFrom: 'sm',
      nowrap: true,
      render: (row) => (
        <Stack gap={0}>
          <Text size="xs">Made {formatDate(row.invested_on ?? row.created_at)}</Text>
          {row.due_date && <Text size="xs">Due {formatDate(row.due_date)}</Text>}
          {row.paid_at && <Text size="xs">Paid {formatDate(row.paid_at)}</Text>}
          {row.completed_at && <Text size="xs">Completed {formatDate(row.completed_at)}</Text>}
          {row.cancelled_at && <Text size="xs">Cancelled {formatDate(row.cancelled_at)}</Text>}
        </Stack>
      ),
    },
    ...(actions
      ? [
          {
            key: 'actions',
            header: 'Actions',
            align: 'right' as const,
            render: (row: StaffInvestment) => actions(row),
          },
        ]
      : []),
  ];

  const totals = data?.totals;
  return (
    <Stack gap="md">
      {/* one line of totals per currency: rounds in different currencies are never added together */}
      {(totals && totals.by_currency.length > 0
        ? totals.by_currency
        : [
            {
              currency: totals?.currency ?? 'GBP',
              committed: totals?.committed ?? null,
              called: totals?.called ?? null,
              received: totals?.received ?? null,
            },
          ]
      ).map((line) => (
        <SimpleGrid
          key={line.currency}
          cols={{ base: 1, xs: 3 }}
          spacing="sm"
          aria-label={totals && totals.by_currency.length > 1 ? `Totals in ${line.currency}` : 'Totals'}
        >
          {(
            [
              ['Committed', line.committed, 'reserved, called and paid'],
              ['Called', line.called, 'cash calls issued'],
              ['Received', line.received, 'payments less refunds'],
            ] as const
          ).map(([label, value, hint]) => (
            <Paper key={label} withBorder p="sm" radius="md">
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {totals && totals.by_currency.length > 1 ? `${label} (${line.currency})` : label}
              </Text>
              <Text size="lg" fw={700}>
                {totals ? formatMoney(value, line.currency) : '…'}
              </Text>
              <Text size="xs" c="dimmed">
                {hint}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      ))}
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Select
          label="State"
          placeholder="All states"
          clearable
          data={INVESTMENT_STATUSES.map((value) => ({ value, label: statusLabel(value) }))}
          value={status}
          onChange={(value) => setStatus(value)}
          w={{ base: '100%', xs: 260 }}
        />
        {totals && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {status
              ? `${plural(data.data.length, 'investment')} of ${totals.count}`
              : plural(totals.count, 'investment')}
          </Text>
        )}
      </Group>
      {isError ? (
        <ListLoadError error={error} />
      ) : (
        <DataTable
          caption="Investments"
          columns={columns}
          rows={data?.data}
          rowKey={(row) => row.id}
          loading={isPending || isFetching}
          minWidth={560}
          empty={
            <ListEmptyState
              plural="investments"
              filtered={status !== null}
              onClearFilters={() => setStatus(null)}
              description={emptyText}
              icon={<IconCoins size={28} aria-hidden />}
            />
          }
        />
      )}
    </Stack>
  );
}

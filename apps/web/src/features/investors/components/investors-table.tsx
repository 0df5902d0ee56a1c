import { Anchor, Badge, Button, EmptyState, Stack, Text } from '@mantine/core';
import { CLIENT_TYPE_LABELS, INVESTOR_COLUMNS, type Investor } from '@portico/contracts';
import { IconUserPlus, IconUserSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { LeadStatusBadge } from '../../../components/records/lead-status-badge';
import { recordPath } from '../../../config/records';
import { formatDate, formatDateTime } from '../../../lib/format';
import { inSentence, useTerminology } from '../../../lib/terminology';
import type { InvestorColumnKey } from '../api/investor-list-params';
import { categoryLabel, InvestorStatusBadge, OnboardingBadge } from './investor-badges';

export type InvestorRow = Partial<Investor> & { id?: number };

const SORTABLE: Partial<Record<InvestorColumnKey, string>> = {
  name: 'name',
  email: 'email',
  category: 'category',
  onboarding_state: 'onboarding_state',
  last_login_at: 'last_login_at',
  created_at: 'created_at',
};

const dash = (value: string | null | undefined) => value || '—';

interface InvestorsTableProps {
  rows: InvestorRow[] | undefined;
  loading: boolean;
  columns: readonly InvestorColumnKey[];
  sort: string;
  onSortChange: (sort: string) => void;
  /** opens a row's record; undefined when the role may not (Creator: list and create only) */
  onOpen: ((row: InvestorRow) => void) | undefined;
  filtered: boolean;
  onClearFilters: () => void;
  /** the empty state's call to action, when the role may add investors */
  newHref: string | undefined;
}

export function InvestorsTable({
  rows,
  loading,
  columns,
  sort,
  onSortChange,
  onOpen,
  filtered,
  onClearFilters,
  newHref,
}: InvestorsTableProps) {
  const terminology = useTerminology();
  const render: Record<InvestorColumnKey, (row: InvestorRow) => ReactNode> = {
    name: (row) => (
      <Stack gap={0}>
        {onOpen && row.id !== undefined ? (
          <Anchor component={Link} to={recordPath('investor', row.id)} size="sm" fw={600}>
            {row.name}
          </Anchor>
        ) : (
          <Text size="sm" fw={600}>
            {row.name}
          </Text>
        )}
        {columns.includes('email') && (
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {row.email}
          </Text>
        )}
      </Stack>
    ),
    email: (row) => row.email,
    phone: (row) => dash(row.phone),
    client_type: (row) => (row.client_type ? CLIENT_TYPE_LABELS[row.client_type] : '—'),
    lead_status: (row) => (row.lead_status ? <LeadStatusBadge status={row.lead_status} /> : '—'),
    category: (row) => categoryLabel(terminology, row.category),
    onboarding_state: (row) => <OnboardingBadge state={row.onboarding_state} />,
    compliance_passed: (row) =>
      row.compliance_passed === 1 ? (
        <Badge color="success" variant="light">
          Passed
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          Not passed
        </Text>
      ),
    owner: (row) => dash(row.owner?.name),
    country: (row) => dash(row.country),
    status: (row) => <InvestorStatusBadge status={row.status} />,
    last_login_at: (row) => (row.last_login_at ? formatDateTime(row.last_login_at) : 'Never'),
    created_at: (row) => formatDate(row.created_at),
  };

  const tableColumns: DataTableColumn<InvestorRow>[] = INVESTOR_COLUMNS.filter((column) =>
    columns.includes(column.key),
  ).map((column) => ({
    key: column.key,
    header: column.label,
    sortKey: SORTABLE[column.key],
    render: render[column.key],
    visibleFrom: column.key === 'email' ? 'sm' : undefined,
    nowrap: ['created_at', 'last_login_at', 'lead_status', 'onboarding_state', 'status'].includes(column.key),
  }));

  const plural = inSentence(terminology.investors);
  return (
    <DataTable
      caption={terminology.investors}
      columns={tableColumns}
      rows={rows}
      rowKey={(row) => row.id ?? row.email ?? ''}
      loading={loading}
      sort={sort}
      onSortChange={onSortChange}
      onRowClick={onOpen}
      minWidth={Math.max(560, tableColumns.length * 150)}
      skeletonRows={8}
      empty={
        <EmptyState
          icon={<IconUserSearch size={28} aria-hidden />}
          title={filtered ? `No ${plural} match` : `No ${plural} yet`}
          description={
            filtered
              ? 'Try another search, or clear the filters.'
              : `${terminology.investors} appear here when they register or when you add them.`
          }
          withIndicatorBackground
          size="sm"
        >
          <EmptyState.Actions>
            {filtered ? (
              <Button size="xs" variant="light" onClick={onClearFilters}>
                Clear search and filters
              </Button>
            ) : (
              newHref && (
                <Button
                  size="xs"
                  variant="light"
                  component={Link}
                  to={newHref}
                  leftSection={<IconUserPlus size={14} aria-hidden />}
                >
                  Add the first {inSentence(terminology.investor)}
                </Button>
              )
            )}
          </EmptyState.Actions>
        </EmptyState>
      }
    />
  );
}

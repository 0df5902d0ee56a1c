import { Anchor, Text } from '@mantine/core';
import { INVESTMENT_METHOD_TYPE_LABELS, type InvestmentMethod } from '@portico/contracts';
import { IconWallet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { recordPath } from '../../../config/records';
import { formatDate, formatNumber } from '../../../lib/format';
import {
  INVESTMENT_METHOD_COLUMNS,
  type InvestmentMethodColumnKey,
} from '../api/investment-method-list-params';

export type InvestmentMethodRow = Partial<InvestmentMethod>;

const SORTABLE: Partial<Record<InvestmentMethodColumnKey, string>> = {
  name: 'name',
  type: 'type',
  created_at: 'created_at',
};
const dash = (value: string | null | undefined) => value || '—';

interface InvestmentMethodsTableProps {
  rows: InvestmentMethodRow[] | undefined;
  loading: boolean;
  columns: readonly InvestmentMethodColumnKey[];
  sort: string;
  onSortChange: (sort: string) => void;
  onOpen: ((row: InvestmentMethodRow) => void) | undefined;
  filtered: boolean;
  onClearFilters: () => void;
  newHref: string | undefined;
}

export function InvestmentMethodsTable({
  rows,
  loading,
  columns,
  sort,
  onSortChange,
  onOpen,
  filtered,
  onClearFilters,
  newHref,
}: InvestmentMethodsTableProps) {
  const render: Record<InvestmentMethodColumnKey, (row: InvestmentMethodRow) => ReactNode> = {
    name: (row) =>
      onOpen && row.id !== undefined ? (
        <Anchor component={Link} to={recordPath('investment_method', row.id)} size="sm" fw={600}>
          {row.name}
        </Anchor>
      ) : (
        <Text size="sm" fw={600}>
          {row.name}
        </Text>
      ),
    type: (row) => (row.type ? INVESTMENT_METHOD_TYPE_LABELS[row.type] : '—'),
    provider: (row) => dash(row.provider),
    email: (row) => dash(row.email),
    phone: (row) => dash(row.phone),
    website: (row) =>
      row.website ? (
        <Anchor href={row.website} target="_blank" rel="noreferrer" size="sm">
          {row.website.replace(/^https?:\/\//, '')}
        </Anchor>
      ) : (
        '—'
      ),
    entities_count: (row) => formatNumber(row.entities_count ?? 0),
    created_at: (row) => formatDate(row.created_at),
  };

  const tableColumns: DataTableColumn<InvestmentMethodRow>[] = INVESTMENT_METHOD_COLUMNS.filter((column) =>
    columns.includes(column.key),
  ).map((column) => ({
    key: column.key,
    header: column.label,
    sortKey: SORTABLE[column.key],
    render: render[column.key],
    align: column.key === 'entities_count' ? 'right' : undefined,
    nowrap: column.key === 'created_at',
  }));

  return (
    <DataTable
      caption="Investment methods"
      columns={tableColumns}
      rows={rows}
      rowKey={(row) => row.id ?? row.name ?? ''}
      loading={loading}
      sort={sort}
      onSortChange={onSortChange}
      onRowClick={onOpen}
      minWidth={Math.max(560, tableColumns.length * 140)}
      skeletonRows={5}
      empty={
        <ListEmptyState
          plural="investment methods"
          icon={<IconWallet size={28} aria-hidden />}
          filtered={filtered}
          onClearFilters={onClearFilters}
          description="SIPPs, ISAs, trusts and other ways investors invest other than in their own name."
          add={newHref ? { href: newHref, label: 'Add the first investment method' } : undefined}
        />
      }
    />
  );
}

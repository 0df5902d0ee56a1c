import { Anchor, Text } from '@mantine/core';
import type { Nominee } from '@portico/contracts';
import { IconBuildingBank } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { recordPath } from '../../../config/records';
import { formatDate, formatNumber } from '../../../lib/format';
import { NOMINEE_COLUMNS, type NomineeColumnKey } from '../api/nominee-list-params';

export type NomineeRow = Partial<Nominee>;

const SORTABLE: Partial<Record<NomineeColumnKey, string>> = { name: 'name', created_at: 'created_at' };
const dash = (value: string | null | undefined) => value || '—';

interface NomineesTableProps {
  rows: NomineeRow[] | undefined;
  loading: boolean;
  columns: readonly NomineeColumnKey[];
  sort: string;
  onSortChange: (sort: string) => void;
  onOpen: ((row: NomineeRow) => void) | undefined;
  filtered: boolean;
  onClearFilters: () => void;
  newHref: string | undefined;
}

export function NomineesTable({
  rows,
  loading,
  columns,
  sort,
  onSortChange,
  onOpen,
  filtered,
  onClearFilters,
  newHref,
}: NomineesTableProps) {
  const render: Record<NomineeColumnKey, (row: NomineeRow) => ReactNode> = {
    name: (row) =>
      onOpen && row.id !== undefined ? (
        <Anchor component={Link} to={recordPath('nominee', row.id)} size="sm" fw={600}>
          {row.name}
        </Anchor>
      ) : (
        <Text size="sm" fw={600}>
          {row.name}
        </Text>
      ),
    company_number: (row) => dash(row.company_number),
    fca_number: (row) => dash(row.fca_number),
    email: (row) => dash(row.email),
    phone: (row) => dash(row.phone),
    city: (row) => dash(row.city),
    country: (row) => dash(row.country),
    clients_count: (row) => formatNumber(row.clients_count ?? 0),
    created_at: (row) => formatDate(row.created_at),
  };

  const tableColumns: DataTableColumn<NomineeRow>[] = NOMINEE_COLUMNS.filter((column) =>
    columns.includes(column.key),
  ).map((column) => ({
    key: column.key,
    header: column.label,
    sortKey: SORTABLE[column.key],
    render: render[column.key],
    align: column.key === 'clients_count' ? 'right' : undefined,
    nowrap: column.key === 'created_at',
  }));

  return (
    <DataTable
      caption="Nominees"
      columns={tableColumns}
      rows={rows}
      rowKey={(row) => row.id ?? row.name ?? ''}
      loading={loading}
      sort={sort}
      onSortChange={onSortChange}
      onRowClick={onOpen}
      minWidth={Math.max(560, tableColumns.length * 140)}
      skeletonRows={3}
      empty={
        <ListEmptyState
          plural="nominees"
          icon={<IconBuildingBank size={28} aria-hidden />}
          filtered={filtered}
          onClearFilters={onClearFilters}
          description="Nominee companies that hold shares for investors under a bare trust."
          add={newHref ? { href: newHref, label: 'Add the first nominee' } : undefined}
        />
      }
    />
  );
}

import { Anchor, Text } from '@mantine/core';
import { ORGANISATION_TYPE_LABELS, type Organisation } from '@portico/contracts';
import { IconBuilding } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { recordPath } from '../../../config/records';
import { formatDate, formatNumber } from '../../../lib/format';
import { ORGANISATION_COLUMNS, type OrganisationColumnKey } from '../api/organisation-list-params';

export type OrganisationRow = Partial<Organisation>;

const SORTABLE: Partial<Record<OrganisationColumnKey, string>> = { name: 'name', created_at: 'created_at' };
const dash = (value: string | null | undefined) => value || '—';

interface OrganisationsTableProps {
  rows: OrganisationRow[] | undefined;
  loading: boolean;
  columns: readonly OrganisationColumnKey[];
  sort: string;
  onSortChange: (sort: string) => void;
  /** opens a row's record; undefined when the role may not */
  onOpen: ((row: OrganisationRow) => void) | undefined;
  filtered: boolean;
  onClearFilters: () => void;
  newHref: string | undefined;
}

export function OrganisationsTable({
  rows,
  loading,
  columns,
  sort,
  onSortChange,
  onOpen,
  filtered,
  onClearFilters,
  newHref,
}: OrganisationsTableProps) {
  const render: Record<OrganisationColumnKey, (row: OrganisationRow) => ReactNode> = {
    name: (row) =>
      onOpen && row.id !== undefined ? (
        <Anchor component={Link} to={recordPath('organisation', row.id)} size="sm" fw={600}>
          {row.name}
        </Anchor>
      ) : (
        <Text size="sm" fw={600}>
          {row.name}
        </Text>
      ),
    type: (row) => (row.type ? ORGANISATION_TYPE_LABELS[row.type] : '—'),
    registration_number: (row) => dash(row.registration_number),
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
    city: (row) => dash(row.city),
    country: (row) => dash(row.country),
    members_count: (row) => formatNumber(row.members_count ?? 0),
    created_at: (row) => formatDate(row.created_at),
  };

  const tableColumns: DataTableColumn<OrganisationRow>[] = ORGANISATION_COLUMNS.filter((column) =>
    columns.includes(column.key),
  ).map((column) => ({
    key: column.key,
    header: column.label,
    sortKey: SORTABLE[column.key],
    render: render[column.key],
    align: column.key === 'members_count' ? 'right' : undefined,
    nowrap: column.key === 'created_at',
  }));

  return (
    <DataTable
      caption="Organisations"
      columns={tableColumns}
      rows={rows}
      rowKey={(row) => row.id ?? row.name ?? ''}
      loading={loading}
      sort={sort}
      onSortChange={onSortChange}
      onRowClick={onOpen}
      minWidth={Math.max(560, tableColumns.length * 140)}
      skeletonRows={8}
      empty={
        <ListEmptyState
          plural="organisations"
          icon={<IconBuilding size={28} aria-hidden />}
          filtered={filtered}
          onClearFilters={onClearFilters}
          description="Companies, trusts and other bodies your investors invest through or belong to."
          add={newHref ? { href: newHref, label: 'Add the first organisation' } : undefined}
        />
      }
    />
  );
}

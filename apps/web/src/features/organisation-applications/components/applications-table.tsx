import { Anchor, Text } from '@mantine/core';
import { ORGANISATION_ROLE_LABELS, type OrganisationApplication } from '@portico/contracts';
import { IconInbox } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { formatDateTime } from '../../../lib/format';
import { ApplicationStatusBadge } from './application-status-badge';
import { requestSummary } from './application-request';

export const applicationPath = (id: number) =>
  ADMIN_SCREENS.organisationApplicationDetails.path.replace(':id', String(id));

interface ApplicationsTableProps {
  rows: OrganisationApplication[] | undefined;
  loading: boolean;
  sort: string;
  onSortChange: (sort: string) => void;
  /** opens an application; undefined when the role may not */
  onOpen: ((row: OrganisationApplication) => void) | undefined;
  /** "pending applications", for the empty state */
  plural: string;
  filtered: boolean;
  onClearFilters: () => void;
}

export function ApplicationsTable({
  rows,
  loading,
  sort,
  onSortChange,
  onOpen,
  plural,
  filtered,
  onClearFilters,
}: ApplicationsTableProps) {
  const columns: DataTableColumn<OrganisationApplication>[] = [
    {
      key: 'investor',
      header: 'Investor',
      render: (row) => (
        <div>
          <Text size="sm" fw={600}>
            {row.investor.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {row.investor.email}
          </Text>
        </div>
      ),
    },
    {
      key: 'request',
      header: 'Request',
      render: (row) =>
        onOpen ? (
          <Anchor component={Link} to={applicationPath(row.id)} size="sm">
            {requestSummary(row)}
          </Anchor>
        ) : (
          requestSummary(row)
        ),
    },
    { key: 'role', header: 'As', visibleFrom: 'sm', render: (row) => ORGANISATION_ROLE_LABELS[row.role] },
    {
      key: 'created_at',
      header: 'Received',
      sortKey: 'created_at',
      nowrap: true,
      render: (row) => formatDateTime(row.created_at),
    },
    {
      key: 'status',
      header: 'Status',
      sortKey: 'status',
      nowrap: true,
      render: (row) => <ApplicationStatusBadge status={row.status} />,
    },
  ];

  return (
    <DataTable
      caption="Organisation applications"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      loading={loading}
      sort={sort}
      onSortChange={onSortChange}
      onRowClick={onOpen}
      minWidth={640}
      skeletonRows={5}
      empty={
        <ListEmptyState
          plural={plural}
          icon={<IconInbox size={28} aria-hidden />}
          filtered={filtered}
          onClearFilters={onClearFilters}
          description="Investors apply from their profile to join an organisation or to add a new one; their applications wait here for a decision."
        />
      }
    />
  );
}

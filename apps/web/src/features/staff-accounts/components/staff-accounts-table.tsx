import { Badge, EmptyState, Group, Stack, Text } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useRoleName } from '../../../lib/terminology';
import { StaffStatusBadge } from './staff-status-badge';
import { StaffRowActions, type RowCommand, type StaffRow } from './staff-row-actions';

interface StaffAccountsTableProps {
  rows: StaffRow[] | undefined;
  loading: boolean;
  sort: string;
  onSortChange: (sort: string) => void;
  selfId: number;
  commandsFor: (row: StaffRow) => RowCommand[];
  onCommand: (command: RowCommand, row: StaffRow) => void;
  filtered: boolean;
}

export function StaffAccountsTable({
  rows,
  loading,
  sort,
  onSortChange,
  selfId,
  commandsFor,
  onCommand,
  filtered,
}: StaffAccountsTableProps) {
  // The deployment's name for each role (terminology), not the server's default role_name.
  const roleName = useRoleName();
  const roleLabel = (row: StaffRow) => roleName(row.role_id);
  const columns: DataTableColumn<StaffRow>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      render: (row) => (
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600}>
              {row.name}
            </Text>
            {row.id === selfId && (
              <Badge size="xs" variant="outline" color="primary">
                You
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {row.email} · {roleLabel(row)}
          </Text>
        </Stack>
      ),
    },
    { key: 'email', header: 'Email', sortKey: 'email', visibleFrom: 'sm', render: (row) => row.email },
    { key: 'role', header: 'Role', sortKey: 'role_id', visibleFrom: 'sm', render: roleLabel },
    { key: 'status', header: 'Status', render: (row) => <StaffStatusBadge status={row.status} /> },
    {
      key: 'last_login_at',
      header: 'Last login',
      sortKey: 'last_login_at',
      visibleFrom: 'md',
      nowrap: true,
      render: (row) => (row.last_login_at ? formatDateTime(row.last_login_at) : 'Never'),
    },
    {
      key: 'created_at',
      header: 'Added',
      sortKey: 'created_at',
      visibleFrom: 'lg',
      nowrap: true,
      render: (row) => formatDate(row.created_at),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      width: 80,
      render: (row) => <StaffRowActions row={row} commands={commandsFor(row)} onCommand={onCommand} />,
    },
  ];

  return (
    <DataTable
      caption="Staff accounts"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      loading={loading}
      sort={sort}
      onSortChange={onSortChange}
      empty={
        <EmptyState
          icon={<IconUserSearch size={28} aria-hidden />}
          title={filtered ? 'No accounts match' : 'No staff accounts yet'}
          description={
            filtered ? 'Try another search or clear the filters.' : 'Invite your team to get started.'
          }
          withIndicatorBackground
          size="sm"
        />
      }
    />
  );
}

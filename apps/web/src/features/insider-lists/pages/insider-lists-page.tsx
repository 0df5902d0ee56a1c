import { Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { can, formatInsiderTime, type InsiderListSummary } from '@portico/contracts';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { PageHeader } from '../../../components/layouts/page-header';
import { useUser } from '../../../lib/session';
import { useInsiderLists } from '../api/insider-lists';
import { OpenListModal } from '../components/open-list-modal';
import { insiderListPagePath } from '../paths';

const TYPE_LABELS = {
  deal: 'Pipeline deal',
  opportunity: 'Opportunity',
  permanent: 'Permanent section',
} as const;

/**
 * Insider register → Insider lists (issue 21, MAR Art. 18): a list per deal or opportunity holding inside
 * information, and the permanent insiders section; each opens the entries in the template's columns.
 */
export function InsiderListsPage() {
  const user = useUser();
  const mayOpen = can(user.role_id, 'compliance', 'create');
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const { data, isPending, isError, error } = useInsiderLists();
  const rows = data ? [data.permanent, ...data.lists] : undefined;

  const columns: DataTableColumn<InsiderListSummary>[] = [
    {
      key: 'name',
      header: 'Insider list',
      render: (row) => (
        <Anchor component={Link} to={insiderListPagePath(row.type, row.id)}>
          {row.name}
        </Anchor>
      ),
    },
    { key: 'type', header: 'Section', render: (row) => TYPE_LABELS[row.type], nowrap: true },
    {
      key: 'created_at',
      header: 'Created (UTC)',
      render: (row) => (row.created_at ? formatInsiderTime(row.created_at) : 'No entries yet'),
      nowrap: true,
    },
    { key: 'insiders', header: 'Insiders', render: (row) => row.insiders_count, align: 'right' },
    {
      key: 'last_update_at',
      header: 'Last update (UTC)',
      render: (row) => formatInsiderTime(row.last_update_at) || '—',
      nowrap: true,
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Insider lists"
        description="Everyone with access to inside information, per deal or opportunity, and the permanent insiders: entries are versioned and never overwritten."
        actions={
          mayOpen && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpening(true)}>
              Open an insider list
            </Button>
          )
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {isError ? (
          <ListLoadError error={error} />
        ) : (
          <DataTable
            caption="Insider lists"
            columns={columns}
            rows={rows}
            rowKey={(row) => `${row.type}-${row.id}`}
            loading={isPending}
            onRowClick={(row) => void navigate(insiderListPagePath(row.type, row.id))}
            minWidth={640}
            empty={
              <Stack align="center" gap="xs" py="lg">
                <IconListDetails size={28} aria-hidden />
                <Text>No insider lists yet.</Text>
              </Stack>
            }
          />
        )}
        {data && data.lists.length === 0 && (
          <Text size="sm" c="dimmed" mt="sm">
            No deal or opportunity has an insider list yet.{' '}
            {mayOpen && 'Open one when inside information about it is identified.'}
          </Text>
        )}
      </Paper>
      {mayOpen && <OpenListModal opened={opening} onClose={() => setOpening(false)} />}
    </Stack>
  );
}

import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  PA_DEAL_SIDE_LABELS,
  PA_DEAL_STATUS_LABELS,
  PA_DEAL_STATUSES,
  type PaDeal,
  type PaDealStatus,
} from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { IconPlus, IconScale } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { ListSelectFilter } from '../../../components/data-table/list-select-filter';
import { LIST_PAGE_SIZES } from '../../../components/data-table/list-values';
import { useListState } from '../../../components/data-table/use-list-state';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useUser } from '../../../lib/session';
import { usePaDeals } from '../api/pa-deals';
import { InsiderWarning, PaDealStatusBadge } from '../components/pa-deal-badges';

const KEYS = ['status', 'sort', 'per_page'] as const;
const FILTER_KEYS = ['status'] as const;
const NOUN = { one: 'personal account deal', many: 'personal account deals' };
const STATUS_OPTIONS = PA_DEAL_STATUSES.map((value) => ({ value, label: PA_DEAL_STATUS_LABELS[value] }));
const isStatus = (value: string): value is PaDealStatus =>
  (PA_DEAL_STATUSES as readonly string[]).includes(value);

export const paDealPath = (id: number) => ADMIN_SCREENS.paDeal.path.replace(':id', String(id));

/**
 * Insider register → PA deals (issue 21, COBS 11.7): one's own requests for pre-clearance, or everyone's for
 * compliance, newest first, each with its status and a warning when the person is an insider of the issuer.
 */
export function PaDealsListPage() {
  const user = useUser();
  const everyone = can(user.role_id, 'compliance', 'index');
  const navigate = useNavigate();
  const list = useListState({ keys: KEYS, filterKeys: FILTER_KEYS, defaultSort: '-created_at' });
  const status = isStatus(list.values.status) ? list.values.status : undefined;
  const { data, isPending, isFetching, isError, error } = usePaDeals({
    status,
    sort: list.sort,
    page: list.page,
    perPage: list.perPage,
  });

  const columns: DataTableColumn<PaDeal>[] = [
    {
      key: 'created_at',
      header: 'Requested',
      render: (row) => formatDate(row.created_at),
      sortKey: 'created_at',
      nowrap: true,
    },
    ...(everyone
      ? [
          {
            key: 'user',
            header: 'Person',
            render: (row: PaDeal) => row.user.name,
          } satisfies DataTableColumn<PaDeal>,
        ]
      : []),
    {
      key: 'company',
      header: 'Deal',
      render: (row) => (
        <Stack gap={2}>
          <Anchor component={Link} to={paDealPath(row.id)} size="sm" fw={600}>
            {PA_DEAL_SIDE_LABELS[row.side]} {row.quantity} {row.instrument}, {row.company_name}
          </Anchor>
          <InsiderWarning warnings={row.insider_warning} />
        </Stack>
      ),
    },
    {
      key: 'estimated_value',
      header: 'Estimated value',
      render: (row) => formatMoney(row.estimated_value, row.currency),
      align: 'right',
      nowrap: true,
    },
    {
      key: 'status',
      header: 'Status',
      render: (row) => <PaDealStatusBadge status={row.status} lapsed={row.clearance_lapsed} />,
      nowrap: true,
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="PA deals"
        description={
          everyone
            ? 'Staff requests to deal for themselves: decide the pending ones. Every request, decision and execution is kept.'
            : 'Your requests to deal for yourself. Ask for pre-clearance before you deal, and record the execution once approved.'
        }
        actions={
          <Button
            component={Link}
            to={ADMIN_SCREENS.paDealCreate.path}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Declare a deal
          </Button>
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group align="flex-end" gap="sm">
            <ListSelectFilter
              label="Status"
              placeholder="Any status"
              data={STATUS_OPTIONS}
              value={status}
              onChange={(value) => list.update({ status: value })}
            />
          </Group>
          {isError ? (
            <ListLoadError error={error} />
          ) : (
            <>
              <DataTable
                caption="Personal account deals"
                columns={columns}
                rows={data?.data}
                rowKey={(row) => row.id}
                loading={isPending || isFetching}
                sort={list.sort}
                onSortChange={list.setSort}
                onRowClick={(row) => void navigate(paDealPath(row.id))}
                minWidth={640}
                empty={
                  <ListEmptyState
                    plural={NOUN.many}
                    icon={<IconScale size={28} aria-hidden />}
                    filtered={status !== undefined}
                    onClearFilters={list.clearAll}
                    description="Declare a deal before you buy or sell for yourself."
                    add={{ href: ADMIN_SCREENS.paDealCreate.path, label: 'Declare a deal' }}
                  />
                }
              />
              <ListPagination
                meta={data?.meta}
                noun={NOUN}
                onPageChange={list.setPage}
                pageSizes={LIST_PAGE_SIZES}
                onPageSizeChange={list.setPageSize}
              />
            </>
          )}
        </Stack>
      </Paper>
      {!everyone && (
        <Text size="sm" c="dimmed">
          Compliance decides each request; you are told when it does.
        </Text>
      )}
    </Stack>
  );
}

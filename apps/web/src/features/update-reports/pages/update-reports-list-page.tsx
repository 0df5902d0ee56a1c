import { Anchor, Button, Group, Select, Stack, Tabs, Text } from '@mantine/core';
import {
  UPDATE_REPORT_STATUSES,
  type UpdateReportListItem,
  type UpdateReportStatus,
} from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { IconNews, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { SearchInput } from '../../../components/data-table/search-input';
import { PageHeader } from '../../../components/layouts/page-header';
import { formatDate, formatNumber } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import {
  DEFAULT_UPDATE_REPORT_SORT,
  useReportableInvestments,
  useUpdateReports,
  type UpdateReportListParams,
} from '../api/update-reports';
import { UpdateReportStatusBadge } from '../components/update-report-status-badge';
import { formatLondon } from '../../../lib/london-time';
import { updateReportPaths } from '../paths';

const TABS: { value: UpdateReportStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'Drafts' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'live', label: 'Live' },
  { value: 'withdrawn', label: 'Withdrawn' },
];

/** The list's filter value for reports about no investment. */
const GENERAL_NEWS = 'null';

const isStatus = (value: string | null): value is UpdateReportStatus =>
  (UPDATE_REPORT_STATUSES as readonly string[]).includes(value ?? '');

/** Where a row opens: a draft or scheduled one in the editor (for those who may edit), else its details. */
export function reportPath(report: Pick<UpdateReportListItem, 'id' | 'status'>, mayEdit: boolean): string {
  return mayEdit && (report.status === 'draft' || report.status === 'scheduled')
    ? updateReportPaths.edit(report.id)
    : updateReportPaths.details(report.id);
}

/** /admin/reports/updates (spec §2.1): every update report by status, newest change first. */
export function UpdateReportsListPage() {
  const user = useUser();
  const navigate = useNavigate();
  const mayCreate = can(user.role_id, 'update_reports', 'create');
  const mayEdit = can(user.role_id, 'update_reports', 'update');
  const [search, setSearch] = useSearchParams();
  const status = search.get('status');
  const opportunity = search.get('opportunity_id');
  const params: UpdateReportListParams = {
    status: isStatus(status) ? status : undefined,
    title: search.get('title') ?? '',
    opportunity: opportunity && /^(\d+|null)$/.test(opportunity) ? opportunity : undefined,
    sort: search.get('sort') ?? DEFAULT_UPDATE_REPORT_SORT,
    page: Math.max(1, Number(search.get('page') ?? '1') || 1),
  };
  const reports = useUpdateReports(params);
  const investments = useReportableInvestments();

  const change = (key: string, value: string | undefined) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  const filtered = params.title !== '' || params.opportunity !== undefined;

  const columns: DataTableColumn<UpdateReportListItem>[] = [
    {
      key: 'title',
      header: 'Title',
      sortKey: 'title',
      render: (row) => (
        <Anchor component={Link} to={reportPath(row, mayEdit)} fw={600}>
          {row.title}
        </Anchor>
      ),
    },
    {
      key: 'about',
      header: 'Company',
      visibleFrom: 'sm',
      render: (row) =>
        row.opportunity?.name ??
        row.fund?.name ?? (
          <Text span c="dimmed">
            General news
          </Text>
        ),
    },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      render: (row) => <UpdateReportStatusBadge status={row.status} />,
    },
    {
      key: 'published_at',
      header: 'Published',
      sortKey: 'published_at',
      nowrap: true,
      visibleFrom: 'md',
      render: (row) =>
        row.status === 'scheduled'
          ? `Goes live ${formatLondon(row.publish_at)}`
          : formatDate(row.published_at),
    },
    {
      key: 'recipients',
      header: 'Recipients',
      align: 'right',
      visibleFrom: 'md',
      render: (row) => (row.recipients === null ? '—' : formatNumber(row.recipients)),
    },
  ];

  return (
    <Stack gap={0}>
      <PageHeader
        title="Updates"
        description="Updates to the investors of an existing investment, and general news to every investor."
        actions={
          mayCreate && (
            <Button
              component={Link}
              to={updateReportPaths.create}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              New update
            </Button>
          )
        }
      />
      <Tabs
        value={params.status ?? 'all'}
        onChange={(value) => change('status', value === 'all' || value === null ? undefined : value)}
        mb="md"
      >
        <Tabs.List aria-label="Status">
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
        <SearchInput
          label="Title"
          placeholder="Search titles"
          value={params.title}
          onChange={(value) => change('title', value)}
        />
        <Select
          label="Company"
          placeholder="Every company"
          clearable
          searchable
          data={[
            { value: GENERAL_NEWS, label: 'General news' },
            ...(investments.data ?? []).map((item) => ({ value: String(item.id), label: item.name })),
          ]}
          value={params.opportunity ?? null}
          onChange={(value) => change('opportunity_id', value ?? undefined)}
        />
      </Group>
      {reports.isError ? (
        <ListLoadError error={reports.error} />
      ) : (
        <>
          <DataTable
            caption="Update reports"
            columns={columns}
            rows={reports.data?.data}
            rowKey={(row) => row.id}
            loading={reports.isFetching}
            sort={params.sort}
            onSortChange={(sort) => change('sort', sort)}
            onRowClick={(row) => void navigate(reportPath(row, mayEdit))}
            empty={
              <ListEmptyState
                plural={
                  params.status
                    ? `${TABS.find((tab) => tab.value === params.status)?.label.toLowerCase() ?? 'updates'}`
                    : 'updates'
                }
                filtered={filtered}
                onClearFilters={() =>
                  setSearch(new URLSearchParams(params.status ? { status: params.status } : {}))
                }
                description="Tell investors how their companies are doing: write an update, then publish it or schedule it."
                add={
                  mayCreate ? { href: updateReportPaths.create, label: 'Write the first update' } : undefined
                }
                icon={<IconNews size={28} aria-hidden />}
              />
            }
          />
          <ListPagination
            meta={reports.data?.meta}
            onPageChange={(page) => change('page', String(page))}
            noun={{ one: 'update', many: 'updates' }}
          />
        </>
      )}
    </Stack>
  );
}

import { Anchor, Button, Stack, Tabs, Text } from '@mantine/core';
import { MARKET_SOUNDING_STATUSES, type MarketSounding, type MarketSoundingStatus } from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { PageHeader } from '../../../components/layouts/page-header';
import { useUser } from '../../../lib/session';
import { useMarketSoundings, type MarketSoundingListParams } from '../api/market-soundings';
import { SoundingStatusBadge } from '../components/sounding-badges';
import { formatLondon } from '../../../lib/london-time';
import { marketSoundingPaths } from '../paths';

const TABS: { value: MarketSoundingStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'cleansed', label: 'Cleansed' },
];

const isStatus = (value: string | null): value is MarketSoundingStatus =>
  (MARKET_SOUNDING_STATUSES as readonly string[]).includes(value ?? '');

/** "3 invited · 2 accepted · 1 declined · 1 answered" */
function countsOf(row: MarketSounding): string {
  const { invited, accepted, declined, answered } = row.counts;
  return `${invited} invited · ${accepted} accepted · ${declined} declined · ${answered} answered`;
}

/** /admin/insider-register/market-soundings (issue 21): every sounding, open or cleansed, newest first. */
export function MarketSoundingsListPage() {
  const user = useUser();
  const navigate = useNavigate();
  const mayCreate = can(user.role_id, 'compliance', 'create');
  const [search, setSearch] = useSearchParams();
  const status = search.get('status');
  const params: MarketSoundingListParams = {
    status: isStatus(status) ? status : undefined,
    page: Math.max(1, Number(search.get('page') ?? '1') || 1),
  };
  const soundings = useMarketSoundings(params);

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

  const columns: DataTableColumn<MarketSounding>[] = [
    {
      key: 'subject',
      header: 'Subject',
      render: (row) => (
        <Stack gap={0}>
          <Anchor component={Link} to={marketSoundingPaths.details(row.id)} fw={600}>
            {row.subject.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {row.subject.type === 'deal' ? 'Pipeline deal' : 'Draft opportunity'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      render: (row) => <SoundingStatusBadge cleansedAt={row.cleansed_at} />,
    },
    { key: 'counts', header: 'Investors', render: countsOf, visibleFrom: 'sm' },
    {
      key: 'created_at',
      header: 'Sent',
      nowrap: true,
      visibleFrom: 'md',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{formatLondon(row.created_at)}</Text>
          {row.created_by && (
            <Text size="xs" c="dimmed">
              by {row.created_by.name}
            </Text>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Stack gap={0}>
      <PageHeader
        title="Market soundings"
        description="Investors sounded out about a deal before it is public, what they decided and answered."
        actions={
          mayCreate && (
            <Button
              component={Link}
              to={marketSoundingPaths.create}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              New market sounding
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
      {soundings.isError ? (
        <ListLoadError error={soundings.error} />
      ) : (
        <>
          <DataTable
            caption="Market soundings"
            columns={columns}
            rows={soundings.data?.data}
            rowKey={(row) => row.id}
            loading={soundings.isFetching}
            onRowClick={(row) => void navigate(marketSoundingPaths.details(row.id))}
            empty={
              <ListEmptyState
                plural={params.status ? `${params.status} market soundings` : 'market soundings'}
                filtered={false}
                onClearFilters={() => setSearch(new URLSearchParams())}
                description="Sound investors out about a deal before it is public: they see its details only after they accept."
                add={
                  mayCreate ? { href: marketSoundingPaths.create, label: 'New market sounding' } : undefined
                }
                icon={<IconSpeakerphone size={28} aria-hidden />}
              />
            }
          />
          <ListPagination
            meta={soundings.data?.meta}
            onPageChange={(page) => change('page', String(page))}
            noun={{ one: 'market sounding', many: 'market soundings' }}
          />
        </>
      )}
    </Stack>
  );
}

import { Paper, SegmentedControl, Stack } from '@mantine/core';
import { APPLICATION_STATUS_LABELS, can } from '@portico/contracts';
import { useNavigate } from 'react-router';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { ListToolbar } from '../../../components/data-table/list-toolbar';
import { LIST_PAGE_SIZES } from '../../../components/data-table/list-values';
import { useListState } from '../../../components/data-table/use-list-state';
import { PageHeader } from '../../../components/layouts/page-header';
import { useUser } from '../../../lib/session';
import {
  APPLICATION_FILTER_KEYS,
  APPLICATION_LIST_KEYS,
  applicationFilters,
  applicationView,
  DEFAULT_APPLICATION_SORT,
  DEFAULT_APPLICATION_VIEW,
} from '../api/application-list-params';
import { useApplications } from '../api/get-applications';
import { applicationPath, ApplicationsTable } from '../components/applications-table';

const VIEWS = [
  { value: 'pending', label: APPLICATION_STATUS_LABELS.pending },
  { value: 'approved', label: APPLICATION_STATUS_LABELS.approved },
  { value: 'rejected', label: APPLICATION_STATUS_LABELS.rejected },
  { value: 'all', label: 'All' },
];

/**
 * /admin/investors/organisation-applications (spec §2.1, with organisation links on): investors' requests
 * to join or add an organisation, the pending ones first.
 */
export function ApplicationsListPage() {
  const user = useUser();
  const navigate = useNavigate();
  const list = useListState({
    keys: APPLICATION_LIST_KEYS,
    filterKeys: APPLICATION_FILTER_KEYS,
    defaultSort: DEFAULT_APPLICATION_SORT,
  });
  const view = applicationView(list.values.status);
  const filters = applicationFilters(list.values);
  const { data, isPending, isFetching, isError, error } = useApplications({
    filters,
    sort: list.sort,
    page: list.page,
    perPage: list.perPage,
  });
  const mayShow = can(user.role_id, 'investors', 'show');

  return (
    <Stack gap="lg">
      <PageHeader
        title="Organisation applications"
        description="Investors ask from their profile to join an organisation or to add one; approve or reject each."
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <ListToolbar
            search={{
              label: 'Search',
              placeholder: 'Investor or organisation',
              value: list.values.search,
              onChange: (value) => list.update({ search: value }),
            }}
            filters={
              <SegmentedControl
                aria-label="Status"
                data={VIEWS}
                value={view}
                onChange={(value) =>
                  list.update({ status: value === DEFAULT_APPLICATION_VIEW ? null : value })
                }
              />
            }
          />
          {isError ? (
            <ListLoadError error={error} />
          ) : (
            <>
              <ApplicationsTable
                rows={data?.data}
                loading={isPending || isFetching}
                sort={list.sort}
                onSortChange={list.setSort}
                onOpen={mayShow ? (row) => void navigate(applicationPath(row.id)) : undefined}
                plural={view === 'all' ? 'applications' : `${view} applications`}
                filtered={filters.search !== undefined}
                onClearFilters={() => list.update({ search: null })}
              />
              <ListPagination
                meta={data?.meta}
                noun={{ one: 'application', many: 'applications' }}
                onPageChange={list.setPage}
                pageSizes={LIST_PAGE_SIZES}
                onPageSizeChange={list.setPageSize}
              />
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

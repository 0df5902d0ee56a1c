import { Button, Paper, Stack } from '@mantine/core';
import { can } from '@portico/contracts';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ColumnChooser } from '../../../components/data-table/column-chooser';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { ListToolbar } from '../../../components/data-table/list-toolbar';
import { LIST_PAGE_SIZES } from '../../../components/data-table/list-values';
import { useListState } from '../../../components/data-table/use-list-state';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { recordPath } from '../../../config/records';
import { useUser } from '../../../lib/session';
import { useNominees } from '../api/get-nominees';
import {
  DEFAULT_NOMINEE_SORT,
  NOMINEE_COLUMNS,
  NOMINEE_FILTER_KEYS,
  NOMINEE_LIST_KEYS,
  nomineeFilters,
  REQUIRED_NOMINEE_COLUMNS,
} from '../api/nominee-list-params';
import { NomineesTable } from '../components/nominees-table';

/** /admin/investors/nominees (spec §2.1, with nominee accounts on): search, sort, columns and pages. */
export function NomineesListPage() {
  const user = useUser();
  const navigate = useNavigate();
  const list = useListState({
    keys: NOMINEE_LIST_KEYS,
    filterKeys: NOMINEE_FILTER_KEYS,
    defaultSort: DEFAULT_NOMINEE_SORT,
    columns: { all: NOMINEE_COLUMNS, required: REQUIRED_NOMINEE_COLUMNS, storageKey: 'columns.nominees' },
  });
  const filters = nomineeFilters(list.values);
  const { data, isPending, isFetching, isError, error } = useNominees({
    filters,
    sort: list.sort,
    page: list.page,
    perPage: list.perPage,
    columns: list.columns.visible,
  });
  const may = {
    create: can(user.role_id, 'investors', 'create'),
    show: can(user.role_id, 'investors', 'show'),
  };
  const newHref = may.create ? ADMIN_SCREENS.newNominee.path : undefined;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Nominees"
        description="Nominee companies that hold shares for investors, with the investors each acts for."
        actions={
          newHref && (
            <Button component={Link} to={newHref} leftSection={<IconPlus size={18} aria-hidden />}>
              New nominee
            </Button>
          )
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <ListToolbar
            search={{
              label: 'Search',
              placeholder: 'Name or email',
              value: list.values.search,
              onChange: (value) => list.update({ search: value }),
            }}
            actions={
              <ColumnChooser
                columns={NOMINEE_COLUMNS}
                visible={list.columns.visible}
                required={REQUIRED_NOMINEE_COLUMNS}
                onChange={list.columns.choose}
                onReset={list.columns.reset}
                isDefault={list.columns.isDefault}
              />
            }
          />
          {isError ? (
            <ListLoadError error={error} />
          ) : (
            <>
              <NomineesTable
                rows={data?.data}
                loading={isPending || isFetching}
                columns={list.columns.visible}
                sort={list.sort}
                onSortChange={list.setSort}
                onOpen={
                  may.show
                    ? (row) => {
                        if (row.id !== undefined) void navigate(recordPath('nominee', row.id));
                      }
                    : undefined
                }
                filtered={filters.search !== undefined}
                onClearFilters={list.clearAll}
                newHref={newHref}
              />
              <ListPagination
                meta={data?.meta}
                noun="nominees"
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

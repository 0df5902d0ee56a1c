import { Button, Paper, Select, Stack } from '@mantine/core';
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
import { useOrganisations } from '../api/get-organisations';
import {
  DEFAULT_ORGANISATION_SORT,
  ORGANISATION_COLUMNS,
  ORGANISATION_FILTER_KEYS,
  ORGANISATION_LIST_KEYS,
  organisationFilters,
  REQUIRED_ORGANISATION_COLUMNS,
} from '../api/organisation-list-params';
import { ORGANISATION_TYPE_OPTIONS } from '../components/organisation-options';
import { OrganisationsTable } from '../components/organisations-table';

/** /admin/investors/organisations (spec §2.1): search, type, sort, columns and pages, all in the address. */
export function OrganisationsListPage() {
  const user = useUser();
  const navigate = useNavigate();
  const list = useListState({
    keys: ORGANISATION_LIST_KEYS,
    filterKeys: ORGANISATION_FILTER_KEYS,
    defaultSort: DEFAULT_ORGANISATION_SORT,
    columns: {
      all: ORGANISATION_COLUMNS,
      required: REQUIRED_ORGANISATION_COLUMNS,
      storageKey: 'columns.organisations',
    },
  });
  const filters = organisationFilters(list.values);
  const { data, isPending, isFetching, isError, error } = useOrganisations({
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
  const newHref = may.create ? ADMIN_SCREENS.newOrganisation.path : undefined;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Organisations"
        description="Companies, trusts and other bodies, with the investors linked to each."
        actions={
          newHref && (
            <Button component={Link} to={newHref} leftSection={<IconPlus size={18} aria-hidden />}>
              New organisation
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
            filters={
              <Select
                label="Type"
                placeholder="Any type"
                data={ORGANISATION_TYPE_OPTIONS}
                value={filters.type ?? null}
                onChange={(value) => list.update({ type: value })}
                clearable
                comboboxProps={{ withinPortal: true }}
                w={{ base: '100%', xs: 200 }}
              />
            }
            actions={
              <ColumnChooser
                columns={ORGANISATION_COLUMNS}
                visible={list.columns.visible}
                required={REQUIRED_ORGANISATION_COLUMNS}
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
              <OrganisationsTable
                rows={data?.data}
                loading={isPending || isFetching}
                columns={list.columns.visible}
                sort={list.sort}
                onSortChange={list.setSort}
                onOpen={
                  may.show
                    ? (row) => {
                        if (row.id !== undefined) void navigate(recordPath('organisation', row.id));
                      }
                    : undefined
                }
                filtered={Object.values(filters).some((value) => value !== undefined)}
                onClearFilters={list.clearAll}
                newHref={newHref}
              />
              <ListPagination
                meta={data?.meta}
                noun="organisations"
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

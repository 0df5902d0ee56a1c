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
import { useInvestmentMethods } from '../api/get-investment-methods';
import {
  DEFAULT_INVESTMENT_METHOD_SORT,
  INVESTMENT_METHOD_COLUMNS,
  INVESTMENT_METHOD_FILTER_KEYS,
  INVESTMENT_METHOD_LIST_KEYS,
  investmentMethodFilters,
  REQUIRED_INVESTMENT_METHOD_COLUMNS,
} from '../api/investment-method-list-params';
import { INVESTMENT_METHOD_TYPE_OPTIONS } from '../components/investment-method-options';
import { InvestmentMethodsTable } from '../components/investment-methods-table';

/** /admin/investors/investment-methods (spec §2.1): search, type, sort, columns and pages in the address. */
export function InvestmentMethodsListPage() {
  const user = useUser();
  const navigate = useNavigate();
  const list = useListState({
    keys: INVESTMENT_METHOD_LIST_KEYS,
    filterKeys: INVESTMENT_METHOD_FILTER_KEYS,
    defaultSort: DEFAULT_INVESTMENT_METHOD_SORT,
    columns: {
      all: INVESTMENT_METHOD_COLUMNS,
      required: REQUIRED_INVESTMENT_METHOD_COLUMNS,
      storageKey: 'columns.investment-methods',
    },
  });
  const filters = investmentMethodFilters(list.values);
  const { data, isPending, isFetching, isError, error } = useInvestmentMethods({
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
  const newHref = may.create ? ADMIN_SCREENS.newInvestmentMethod.path : undefined;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Investment methods"
        description="Ways of investing other than in one's own name, with each investor's account."
        actions={
          newHref && (
            <Button component={Link} to={newHref} leftSection={<IconPlus size={18} aria-hidden />}>
              New investment method
            </Button>
          )
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <ListToolbar
            search={{
              label: 'Search',
              placeholder: 'Name, provider or email',
              value: list.values.search,
              onChange: (value) => list.update({ search: value }),
            }}
            filters={
              <Select
                label="Type"
                placeholder="Any type"
                data={INVESTMENT_METHOD_TYPE_OPTIONS}
                value={filters.type ?? null}
                onChange={(value) => list.update({ type: value })}
                clearable
                comboboxProps={{ withinPortal: true }}
                w={{ base: '100%', xs: 200 }}
              />
            }
            actions={
              <ColumnChooser
                columns={INVESTMENT_METHOD_COLUMNS}
                visible={list.columns.visible}
                required={REQUIRED_INVESTMENT_METHOD_COLUMNS}
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
              <InvestmentMethodsTable
                rows={data?.data}
                loading={isPending || isFetching}
                columns={list.columns.visible}
                sort={list.sort}
                onSortChange={list.setSort}
                onOpen={
                  may.show
                    ? (row) => {
                        if (row.id !== undefined) void navigate(recordPath('investment_method', row.id));
                      }
                    : undefined
                }
                filtered={Object.values(filters).some((value) => value !== undefined)}
                onClearFilters={list.clearAll}
                newHref={newHref}
              />
              <ListPagination
                meta={data?.meta}
                noun="investment methods"
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

import '@mantine/dates/styles.css';
import { Alert, Badge, Button, Collapse, Group, Paper, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { can, INVESTOR_COLUMNS } from '@portico/contracts';
import { IconAlertTriangle, IconFilter, IconUserPlus } from '@tabler/icons-react';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { ColumnChooser } from '../../../components/data-table/column-chooser';
import { exportHref } from '../../../components/data-table/export-href';
import { ExportMenu } from '../../../components/data-table/export-menu';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { SearchInput } from '../../../components/data-table/search-input';
import { useColumnChoice } from '../../../components/data-table/use-column-choice';
import { useListParams } from '../../../components/data-table/use-list-params';
import { PageHeader } from '../../../components/layouts/page-header';
import { MyTasksCard } from '../../../components/records/my-tasks-card';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { recordPath } from '../../../config/records';
import { isApiError } from '../../../lib/api-error';
import { useUser } from '../../../lib/session';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { ImportButton } from '../../imports';
import { useInvestors, type InvestorListParams } from '../api/get-investors';
import {
  DEFAULT_INVESTOR_COLUMNS,
  DEFAULT_INVESTOR_PAGE_SIZE,
  DEFAULT_INVESTOR_SORT,
  INVESTOR_COLUMN_KEYS,
  INVESTOR_FILTER_KEYS,
  INVESTOR_LIST_KEYS,
  INVESTOR_PAGE_SIZES,
  investorFilters,
  pageSizeOf,
  REQUIRED_INVESTOR_COLUMNS,
} from '../api/investor-list-params';
import { InvestorsFilters } from '../components/investors-filters';
import { InvestorsTable } from '../components/investors-table';

/** /admin/investors (spec §2.1): search, filters, sort, columns, pages and exports, all in the address. */
export function InvestorsListPage() {
  const user = useUser();
  const terminology = useTerminology();
  const navigate = useNavigate();
  const { values, page, update } = useListParams(INVESTOR_LIST_KEYS);
  const activeFilters = INVESTOR_FILTER_KEYS.filter((key) => values[key] !== '').length;
  const [filtersOpened, filtersToggle] = useDisclosure(activeFilters > 0);

  const toUrl = useCallback(
    (value: string | null) => update({ columns: value }, { keepPage: true }),
    [update],
  );
  const columns = useColumnChoice({
    storageKey: 'columns.investors',
    all: INVESTOR_COLUMN_KEYS,
    defaults: DEFAULT_INVESTOR_COLUMNS,
    required: REQUIRED_INVESTOR_COLUMNS,
    fromUrl: values.columns,
    toUrl,
  });

  const filters = investorFilters(values);
  const sort = values.sort || DEFAULT_INVESTOR_SORT;
  const params: InvestorListParams = {
    filters,
    sort,
    page,
    perPage: pageSizeOf(values.per_page),
    columns: columns.visible,
  };
  const { data, isPending, isFetching, isError, error } = useInvestors(params);
  const filtered = Object.values(filters).some((value) => value !== undefined);

  const may = {
    create: can(user.role_id, 'investors', 'create'),
    show: can(user.role_id, 'investors', 'show'),
    overview: can(user.role_id, 'overview', 'index'),
  };
  const clearAll = () =>
    update({ search: null, ...Object.fromEntries(INVESTOR_FILTER_KEYS.map((key) => [key, null])) });

  return (
    <Stack gap="lg">
      <PageHeader
        title={terminology.investors}
        description={`Everyone who has registered or been added, with where they stand.`}
        actions={
          may.create && (
            <Group gap="xs" wrap="wrap">
              <ImportButton kind="investors" />
              <Button
                component={Link}
                to={ADMIN_SCREENS.newInvestor.path}
                leftSection={<IconUserPlus size={18} aria-hidden />}
              >
                New {inSentence(terminology.investor)}
              </Button>
            </Group>
          )
        }
      />
      {/* Staff without the overview land here: their tasks are on their first page too. */}
      {!may.overview && <MyTasksCard hideWhenEmpty />}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <div style={{ flex: '1 1 260px' }}>
              <SearchInput
                label="Search"
                placeholder="Name or email"
                value={values.search}
                onChange={(value) => update({ search: value })}
              />
            </div>
            <Group gap="xs" wrap="wrap">
              <Button
                variant={filtersOpened ? 'light' : 'default'}
                leftSection={<IconFilter size={18} aria-hidden />}
                rightSection={
                  activeFilters > 0 ? (
                    <Badge size="sm" circle>
                      {activeFilters}
                    </Badge>
                  ) : undefined
                }
                onClick={filtersToggle.toggle}
                aria-expanded={filtersOpened}
                aria-controls="investor-filters"
              >
                Filters
              </Button>
              <ColumnChooser
                columns={INVESTOR_COLUMNS}
                visible={columns.visible}
                required={REQUIRED_INVESTOR_COLUMNS}
                onChange={columns.choose}
                onReset={columns.reset}
                isDefault={columns.isDefault}
              />
              <ExportMenu
                total={data?.meta.total}
                disabled={isError}
                hrefFor={(format) =>
                  exportHref('/api/investors', { format, filters, sort, columns: columns.visible })
                }
              />
            </Group>
          </Group>
          <Collapse expanded={filtersOpened} id="investor-filters">
            <InvestorsFilters values={values} onChange={(changes) => update(changes)} />
          </Collapse>
          {isError ? (
            <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
              The list could not be loaded.{' '}
              {isApiError(error) && !error.unanswered ? error.message : 'Please try again.'}
            </Alert>
          ) : (
            <>
              <InvestorsTable
                rows={data?.data}
                loading={isPending || isFetching}
                columns={columns.visible}
                sort={sort}
                onSortChange={(next) => update({ sort: next === DEFAULT_INVESTOR_SORT ? null : next })}
                onOpen={
                  may.show
                    ? (row) => {
                        if (row.id !== undefined) void navigate(recordPath('investor', row.id));
                      }
                    : undefined
                }
                filtered={filtered}
                onClearFilters={clearAll}
                newHref={may.create ? ADMIN_SCREENS.newInvestor.path : undefined}
              />
              <ListPagination
                meta={data?.meta}
                noun={inSentence(terminology.investors)}
                onPageChange={(next) => update({ page: next })}
                pageSizes={INVESTOR_PAGE_SIZES}
                onPageSizeChange={(size) =>
                  update({ per_page: size === DEFAULT_INVESTOR_PAGE_SIZE ? null : size })
                }
              />
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

import { Button, Collapse, Group, Paper, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ListColumn, ListQueryParams, PaginationMeta, Resource, SubjectType } from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { IconPlus, type Icon } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { recordPath } from '../../config/records';
import { useUser } from '../../lib/session';
import { PageHeader } from '../layouts/page-header';
import { ColumnChooser } from './column-chooser';
import { DataTable, type DataTableColumn } from './data-table';
import { exportHref } from './export-href';
import { ExportMenu } from './export-menu';
import { FilterPanel } from './filter-panel';
import { FiltersButton } from './filters-button';
import { ListEmptyState } from './list-empty-state';
import { ListLoadError } from './list-load-error';
import { ListPagination } from './list-pagination';
import type { Noun } from '../../lib/format';
import { ListToolbar } from './list-toolbar';
import { LIST_PAGE_SIZES } from './list-values';
import { RecordName } from './record-name';
import { useListState, type CommonKey } from './use-list-state';
import type { RecordListParams } from '../../lib/records/record-list-query';

const COLUMN_MIN_WIDTH = 130;
/** A row of a record list: sparse fieldsets make every field optional. */
interface RecordRow {
  id?: number | undefined;
  name?: string | undefined;
}

type Filters = NonNullable<ListQueryParams['filter']>;

interface RecordListQuery<Row> {
  data: { data: Row[]; meta: PaginationMeta } | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
}

/** How a column shows a row: its cell, and its sort, alignment and wrapping. */
export type RecordCell<Row> = Omit<DataTableColumn<Row>, 'key' | 'header'>;

type FilterUpdate<Key extends string> = (changes: Partial<Record<Key, string | null>>) => void;

export interface RecordListPageProps<
  Key extends string,
  Column extends string,
  Row extends RecordRow,
  F extends Filters,
> {
  /** the page's heading, also the table's name */
  title: string;
  description: string;
  /** the rows, in a sentence: { one: 'investment method', many: 'investment methods' } */
  noun: Noun;
  /** the records a row opens (a list of records outside the CRM's types gives `hrefOf` instead) */
  recordType?: SubjectType;
  /** the resource guarding the rows (spec §6); `investors` for the CRM's records */
  resource?: Resource;
  /** the page a row opens, when it is not the record type's (an opportunity's depends on its stage) */
  hrefOf?: (row: Row) => string | undefined;
  /** the list's address on the API; its export answers at `${apiPath}/export` */
  apiPath: string;
  /** the page that adds one, its button, the empty list's call to action, and their icon (a plus) */
  create: { path: string; label: string; first: string; icon?: Icon };
  /** more buttons beside the one that adds (Import), for a role that may add */
  actions?: ReactNode;
  /** shown between the heading and the list */
  beforeList?: ReactNode;
  /** what an empty list says before anything is added */
  empty: { description: string; icon: ReactNode };
  searchPlaceholder: string;
  /** the address's parameters, the filters among them, and the sort when none is given */
  keys: readonly (Key | CommonKey)[];
  filterKeys: readonly Key[];
  defaultSort: string;
  /** every column in order (from contracts), those always shown, and where a choice is remembered */
  columns: readonly ListColumn<Column>[];
  requiredColumns: readonly Column[];
  storageKey: string;
  /** the address's values as the list's filters; anything malformed is left out */
  filtersOf: (values: Record<Key | CommonKey, string>) => F;
  useRecords: (params: RecordListParams<F, Column>) => RecordListQuery<Row>;
  /** the few filters beside the search */
  filters?: (filters: F, update: FilterUpdate<Key>) => ReactNode;
  /** many filters' fields, in a panel the Filters button opens; given the address's values as they are */
  filterPanel?: (values: Record<Key | CommonKey, string>, update: FilterUpdate<Key>) => ReactNode;
  /** every column's cell but the name's, which links to the record */
  cells: Record<Exclude<Column, 'name'>, RecordCell<Row>>;
  /** a column that moves under the name on a small screen (the email), and its text there */
  underName?: { column: Exclude<Column, 'name'>; text: (row: Row) => string | null | undefined };
  skeletonRows?: number;
}

/**
 * A CRM record list (spec §2.1): search, filters, sort, columns and pages all in the address, an export
 * of what is shown, and rows that open their record for a role that may see it.
 */
export function RecordListPage<
  Key extends string,
  Column extends string,
  Row extends RecordRow,
  F extends Filters,
>({
  title,
  description,
  noun,
  recordType,
  resource = 'investors',
  hrefOf,
  apiPath,
  create,
  actions,
  beforeList,
  empty,
  searchPlaceholder,
  keys,
  filterKeys,
  defaultSort,
  columns,
  requiredColumns,
  storageKey,
  filtersOf,
  useRecords,
  filters: filterControls,
  filterPanel,
  cells,
  underName,
  skeletonRows = 5,
}: RecordListPageProps<Key, Column, Row, F>) {
  const user = useUser();
  const navigate = useNavigate();
  const list = useListState({
    keys,
    filterKeys,
    defaultSort,
    columns: { all: columns, required: requiredColumns, storageKey },
  });
  // The keys are checked in the props; here, any of them is just a parameter of the address.
  const update = list.update as (changes: Partial<Record<string, string | null>>) => void;
  const [filtersOpened, filtersToggle] = useDisclosure(list.activeFilters > 0);
  const filterPanelId = useId();
  const filters = filtersOf(list.values);
  const { data, isPending, isFetching, isError, error } = useRecords({
    filters,
    sort: list.sort,
    page: list.page,
    perPage: list.perPage,
    columns: list.columns.visible,
  });
  // Every CRM record type is guarded by the investors resource (decision 006); investment records by theirs.
  const may = {
    create: can(user.role_id, resource, 'create'),
    show: can(user.role_id, resource, 'show'),
  };
  const rowHref = (row: Row) =>
    hrefOf
      ? hrefOf(row)
      : recordType !== undefined && row.id !== undefined
        ? recordPath(recordType, row.id)
        : undefined;
  const newHref = may.create ? create.path : undefined;
  const CreateIcon = create.icon ?? IconPlus;

  // Below `sm` that column is hidden and its text goes under the name, while the column is chosen.
  const moved = underName && list.columns.visible.includes(underName.column) ? underName : undefined;
  const name: RecordCell<Row> = {
    sortKey: 'name',
    render: (row) => (
      <RecordName name={row.name} href={may.show ? rowHref(row) : undefined} detail={moved?.text(row)} />
    ),
  };
  // The name is one of the columns; the others' cells are the caller's.
  const cellOf = (key: Column): RecordCell<Row> => {
    if (key === 'name') return name;
    const cell = cells[key as Exclude<Column, 'name'>];
    return key === underName?.column ? { ...cell, visibleFrom: 'sm' } : cell;
  };
  const tableColumns: DataTableColumn<Row>[] = columns
    .filter((column) => list.columns.visible.includes(column.key))
    .map((column) => ({ key: column.key, header: column.label, ...cellOf(column.key) }));

  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description={description}
        actions={
          newHref && (
            <Group gap="xs" wrap="wrap">
              {actions}
              <Button component={Link} to={newHref} leftSection={<CreateIcon size={18} aria-hidden />}>
                {create.label}
              </Button>
            </Group>
          )
        }
      />
      {beforeList}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <ListToolbar
            search={{
              label: 'Search',
              placeholder: searchPlaceholder,
              value: list.values.search,
              onChange: (value) => update({ search: value }),
            }}
            filters={filterControls?.(filters, update)}
            actions={
              <>
                {filterPanel && (
                  <FiltersButton
                    opened={filtersOpened}
                    onToggle={filtersToggle.toggle}
                    active={list.activeFilters}
                    controls={filterPanelId}
                  />
                )}
                <ColumnChooser
                  columns={columns}
                  visible={list.columns.visible}
                  required={requiredColumns}
                  onChange={list.columns.choose}
                  onReset={list.columns.reset}
                  isDefault={list.columns.isDefault}
                />
                <ExportMenu
                  total={data?.meta.total}
                  disabled={isError}
                  hrefFor={(format) =>
                    exportHref(apiPath, { format, filters, sort: list.sort, columns: list.columns.visible })
                  }
                />
              </>
            }
          />
          {filterPanel && (
            <Collapse expanded={filtersOpened} id={filterPanelId}>
              <FilterPanel active={list.activeFilters} onClear={list.clearFilters}>
                {filterPanel(list.values, update)}
              </FilterPanel>
            </Collapse>
          )}
          {isError ? (
            <ListLoadError error={error} />
          ) : (
            <>
              <DataTable
                caption={title}
                columns={tableColumns}
                rows={data?.data}
                rowKey={(row) => row.id ?? row.name ?? ''}
                loading={isPending || isFetching}
                sort={list.sort}
                onSortChange={list.setSort}
                onRowClick={
                  may.show
                    ? (row) => {
                        const href = rowHref(row);
                        if (href !== undefined) void navigate(href);
                      }
                    : undefined
                }
                // About 130 px a column before the table scrolls sideways: seven fit beside the menu at
                // 1280 px (the content is about 918 px wide there).
                minWidth={Math.max(560, tableColumns.length * COLUMN_MIN_WIDTH)}
                skeletonRows={skeletonRows}
                empty={
                  <ListEmptyState
                    plural={noun.many}
                    icon={empty.icon}
                    filtered={Object.values(filters).some((value) => value !== undefined)}
                    onClearFilters={list.clearAll}
                    description={empty.description}
                    add={newHref ? { href: newHref, label: create.first, icon: create.icon } : undefined}
                  />
                }
              />
              <ListPagination
                meta={data?.meta}
                noun={noun}
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

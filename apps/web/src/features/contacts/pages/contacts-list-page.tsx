import { Badge, Button, Collapse, Group, Paper, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { can, CONTACT_COLUMNS } from '@portico/contracts';
import { IconFilter, IconUserPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ColumnChooser } from '../../../components/data-table/column-chooser';
import { exportHref } from '../../../components/data-table/export-href';
import { ExportMenu } from '../../../components/data-table/export-menu';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { ListToolbar } from '../../../components/data-table/list-toolbar';
import { LIST_PAGE_SIZES } from '../../../components/data-table/list-values';
import { useListState } from '../../../components/data-table/use-list-state';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { recordPath } from '../../../config/records';
import { useUser } from '../../../lib/session';
import { ImportButton } from '../../imports';
import {
  CONTACT_FILTER_KEYS,
  CONTACT_LIST_KEYS,
  contactFilters,
  DEFAULT_CONTACT_SORT,
  REQUIRED_CONTACT_COLUMNS,
} from '../api/contact-list-params';
import { useContacts } from '../api/get-contacts';
import { ContactsFilters } from '../components/contacts-filters';
import { ContactsTable } from '../components/contacts-table';

/**
 * /admin/investors/contacts (spec §2.1): people staff are in touch with who are not (yet) portal users.
 * Search, filters, sort, columns, pages and exports are all in the address.
 */
export function ContactsListPage() {
  const user = useUser();
  const navigate = useNavigate();
  const list = useListState({
    keys: CONTACT_LIST_KEYS,
    filterKeys: CONTACT_FILTER_KEYS,
    defaultSort: DEFAULT_CONTACT_SORT,
    columns: { all: CONTACT_COLUMNS, required: REQUIRED_CONTACT_COLUMNS, storageKey: 'columns.contacts' },
  });
  const [filtersOpened, filtersToggle] = useDisclosure(list.activeFilters > 0);
  const filters = contactFilters(list.values);
  const { data, isPending, isFetching, isError, error } = useContacts({
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
  const newHref = may.create ? ADMIN_SCREENS.newContact.path : undefined;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Contacts"
        description="People you are in touch with who have not registered in the portal, and those who since have."
        actions={
          newHref && (
            <Group gap="xs" wrap="wrap">
              <ImportButton kind="contacts" />
              <Button component={Link} to={newHref} leftSection={<IconUserPlus size={18} aria-hidden />}>
                New contact
              </Button>
            </Group>
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
              <>
                <Button
                  variant={filtersOpened ? 'light' : 'default'}
                  leftSection={<IconFilter size={18} aria-hidden />}
                  rightSection={
                    list.activeFilters > 0 ? (
                      <Badge size="sm" circle>
                        {list.activeFilters}
                      </Badge>
                    ) : undefined
                  }
                  onClick={filtersToggle.toggle}
                  aria-expanded={filtersOpened}
                  aria-controls="contact-filters"
                >
                  Filters
                </Button>
                <ColumnChooser
                  columns={CONTACT_COLUMNS}
                  visible={list.columns.visible}
                  required={REQUIRED_CONTACT_COLUMNS}
                  onChange={list.columns.choose}
                  onReset={list.columns.reset}
                  isDefault={list.columns.isDefault}
                />
                <ExportMenu
                  total={data?.meta.total}
                  disabled={isError}
                  hrefFor={(format) =>
                    exportHref('/api/contacts', {
                      format,
                      filters,
                      sort: list.sort,
                      columns: list.columns.visible,
                    })
                  }
                />
              </>
            }
          />
          <Collapse expanded={filtersOpened} id="contact-filters">
            <ContactsFilters values={list.values} onChange={(changes) => list.update(changes)} />
          </Collapse>
          {isError ? (
            <ListLoadError error={error} />
          ) : (
            <>
              <ContactsTable
                rows={data?.data}
                loading={isPending || isFetching}
                columns={list.columns.visible}
                sort={list.sort}
                onSortChange={list.setSort}
                onOpen={
                  may.show
                    ? (row) => {
                        if (row.id !== undefined) void navigate(recordPath('contact', row.id));
                      }
                    : undefined
                }
                filtered={Object.values(filters).some((value) => value !== undefined)}
                onClearFilters={list.clearAll}
                newHref={newHref}
              />
              <ListPagination
                meta={data?.meta}
                noun="contacts"
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

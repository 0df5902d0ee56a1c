import { ActionIcon, Anchor, Button, Group, Select, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PaginationMeta, Resource } from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { IconUserMinus, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { recordPath } from '../../config/records';
import { formatDate } from '../../lib/format';
import { useUser } from '../../lib/session';
import { atSentenceStart } from '../../lib/terminology';
import { DataTable, type DataTableColumn } from '../data-table/data-table';
import { ListEmptyState } from '../data-table/list-empty-state';
import { ListLoadError } from '../data-table/list-load-error';
import { ListPagination } from '../data-table/list-pagination';
import { ListToolbar } from '../data-table/list-toolbar';
import { ConfirmModal } from '../modals/confirm-modal';
import { AddLinkedPersonModal, type AddLinkedPersonModalProps } from './add-linked-person-modal';
import { RecordSection } from './record-section';

/** A link between a record and an investor: an organisation's member, a nominee's client. */
export interface PersonLink {
  id: number;
  investor: { id: number; name: string; email: string };
  created_at: string;
}

/** What the section asks its list for; `filter` is "" or one of the filter's options. */
export interface LinkedPeopleParams {
  search: string;
  filter: string;
  page: number;
}

/** A page of links, as the list endpoint answers. */
export interface LinkedPeoplePage {
  data: PersonLink[];
  meta: PaginationMeta;
}
type RowOf<Page extends LinkedPeoplePage> = Page['data'][number];

interface LinkedPeopleSectionProps<
  Page extends LinkedPeoplePage,
  Key extends QueryKey,
  Extra extends Record<string, unknown>,
  Input,
> {
  /** "Members" */
  title: string;
  /** the link, in a sentence: "member", "members" */
  noun: { one: string; many: string };
  /** a count beside the title */
  description: ReactNode;
  /** names the table: "Members of Acme Holdings" */
  caption: string;
  searchPlaceholder: string;
  /** one select beside the search that narrows the list (a member's role) */
  filter?: { label: string; placeholder: string; options: { value: string; label: string }[] };
  /**
   * the list's query for a search, a filter and a page; its parameter is typed where it is written, so
   * that the rows' type is inferred from it before the columns need it
   */
  query: (params: LinkedPeopleParams) => UseQueryOptions<Page, Error, Page, Key>;
  /** columns between the investor and the date linked (a role, a designation) */
  columns: DataTableColumn<RowOf<Page>>[];
  /** the date linked's header: "Linked", "Since" */
  linkedHeader: string;
  /** why the list is empty, for those who may add and for those who may not */
  emptyText: { mayChange: string; readOnly: string };
  /** the permission whose update adds and removes links */
  resource: Resource;
  /** the add dialog: its title, its fields after the investor, what it sends */
  add: Omit<AddLinkedPersonModalProps<Extra, Input>, 'opened' | 'onClose' | 'onAdded' | 'submitLabel'> & {
    /** the notification's message once added */
    addedMessage: string;
  };
  remove: {
    submit: (row: RowOf<Page>) => Promise<unknown>;
    /** the confirmation's question, given the investor's name in bold */
    question: (investor: ReactNode) => ReactNode;
    /** the notification's message once removed */
    removedMessage: (row: RowOf<Page>) => string;
  };
  /** buttons before Remove on each row (Change role) */
  rowActions?: (row: RowOf<Page>) => ReactNode;
  /** more dialogs the row actions open */
  children?: ReactNode;
}

/**
 * The investors linked to a record (an organisation's members, a nominee's clients): searched and paged,
 * added with the person picker and removed after a confirmation by staff who may change investors.
 */
export function LinkedPeopleSection<
  Page extends LinkedPeoplePage,
  Key extends QueryKey,
  Extra extends Record<string, unknown>,
  Input,
>({
  title,
  noun,
  description,
  caption,
  searchPlaceholder,
  filter,
  query,
  columns,
  linkedHeader,
  emptyText,
  resource,
  add,
  remove,
  rowActions,
  children,
}: LinkedPeopleSectionProps<Page, Key, Extra, Input>) {
  type Row = RowOf<Page>;
  const user = useUser();
  const mayShow = can(user.role_id, 'investors', 'show');
  const mayChange = can(user.role_id, resource, 'update');
  const [search, setSearch] = useState('');
  const [filterValue, setFilterValue] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Row>();
  const { data, isPending, isFetching, isError, error } = useQuery(
    query({ search, filter: filterValue, page }),
  );
  const { addedMessage, ...addModal } = add;
  const Noun = atSentenceStart(noun.one);

  const allColumns: DataTableColumn<Row>[] = [
    {
      key: 'name',
      header: 'Investor',
      render: (row) => (
        <div>
          {mayShow ? (
            <Anchor component={Link} to={recordPath('investor', row.investor.id)} size="sm" fw={600}>
              {row.investor.name}
            </Anchor>
          ) : (
            <Text size="sm" fw={600}>
              {row.investor.name}
            </Text>
          )}
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {row.investor.email}
          </Text>
        </div>
      ),
    },
    ...columns,
    {
      key: 'created_at',
      header: linkedHeader,
      nowrap: true,
      visibleFrom: 'sm',
      render: (row) => formatDate(row.created_at),
    },
    ...(mayChange
      ? [
          {
            key: 'actions',
            header: 'Actions',
            align: 'right' as const,
            render: (row: Row) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {rowActions?.(row)}
                <Tooltip label="Remove">
                  <ActionIcon
                    variant="subtle"
                    color="danger"
                    aria-label={`Remove ${row.investor.name}`}
                    onClick={() => setRemoving(row)}
                  >
                    <IconUserMinus size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          },
        ]
      : []),
  ];

  return (
    <RecordSection
      title={title}
      description={description}
      actions={
        mayChange && (
          <Button
            size="sm"
            variant="light"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setAdding(true)}
          >
            Add {noun.one}
          </Button>
        )
      }
    >
      <ListToolbar
        search={{
          label: `Search ${noun.many}`,
          placeholder: searchPlaceholder,
          value: search,
          onChange: (value) => {
            setSearch(value);
            setPage(1);
          },
        }}
        filters={
          filter && (
            <Select
              label={filter.label}
              placeholder={filter.placeholder}
              data={filter.options}
              value={filterValue || null}
              onChange={(value) => {
                setFilterValue(value ?? '');
                setPage(1);
              }}
              clearable
              comboboxProps={{ withinPortal: true }}
              w={{ base: '100%', xs: 200 }}
            />
          )
        }
      />
      {isError ? (
        <ListLoadError error={error} />
      ) : (
        <>
          <DataTable
            caption={caption}
            columns={allColumns}
            rows={data?.data}
            rowKey={(row) => row.id}
            loading={isPending || isFetching}
            skeletonRows={3}
            empty={
              <ListEmptyState
                plural={noun.many}
                icon={<IconUsers size={28} aria-hidden />}
                filtered={search !== '' || filterValue !== ''}
                onClearFilters={() => {
                  setSearch('');
                  setFilterValue('');
                  setPage(1);
                }}
                description={mayChange ? emptyText.mayChange : emptyText.readOnly}
              />
            }
          />
          <ListPagination meta={data?.meta} noun={noun} onPageChange={setPage} />
        </>
      )}

      <AddLinkedPersonModal
        {...addModal}
        submitLabel={`Add ${noun.one}`}
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          notifications.show({ color: 'success', title: `${Noun} added`, message: addedMessage });
        }}
      />
      {children}
      <ConfirmModal
        opened={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title={`Remove ${noun.one}`}
        confirmLabel="Remove"
        danger
        onConfirm={async () => {
          if (!removing) return;
          await remove.submit(removing);
          notifications.show({
            color: 'success',
            title: `${Noun} removed`,
            message: remove.removedMessage(removing),
          });
        }}
      >
        {remove.question(<strong>{removing?.investor.name}</strong>)}
      </ConfirmModal>
    </RecordSection>
  );
}

import { Anchor, Badge, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import {
  AUDIT_LOG_COLUMNS,
  auditSubjectLabel,
  type AuditLogColumnKey,
  type AuditLogEntry,
} from '@portico/contracts';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { ColumnChooser } from '../../../components/data-table/column-chooser';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { DateRangeFilter } from '../../../components/data-table/date-range-filter';
import { exportHref } from '../../../components/data-table/export-href';
import { ExportMenu } from '../../../components/data-table/export-menu';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { ListSelectFilter } from '../../../components/data-table/list-select-filter';
import { ListToolbar } from '../../../components/data-table/list-toolbar';
import { LIST_PAGE_SIZES } from '../../../components/data-table/list-values';
import { useListState } from '../../../components/data-table/use-list-state';
import { PageHeader } from '../../../components/layouts/page-header';
import { formatDateTime } from '../../../lib/format';
import { useAuditLog, useAuditSubjectTypes, type AuditLogFilters } from '../api/audit-log';
import { AuditEntryModal } from '../components/audit-entry-modal';

type Entry = Partial<AuditLogEntry>;

const KEYS = [
  'search',
  'subject_type',
  'actor_id',
  'created_between',
  'sort',
  'per_page',
  'columns',
] as const;
const FILTER_KEYS = ['subject_type', 'actor_id', 'created_between'] as const;
const REQUIRED: readonly AuditLogColumnKey[] = ['created_at', 'description'];
const NOUN = { one: 'audit entry', many: 'audit entries' };
const actorName = (actor: Entry['actor']) =>
  actor ? (actor.name ?? `User ${actor.id} (deleted)`) : 'The platform';

/**
 * Settings → Audit log (issue 21, SYSC 9): every change anyone made, newest first, by who, what kind of
 * record, action and London dates; a row opens its values before and after. Exportable as it is filtered.
 */
export function AuditLogPage() {
  const list = useListState({
    keys: KEYS,
    filterKeys: FILTER_KEYS,
    defaultSort: '-created_at',
    columns: { all: AUDIT_LOG_COLUMNS, required: REQUIRED, storageKey: 'columns.audit-log' },
  });
  const [opened, setOpened] = useState<Entry | undefined>();
  const subjectTypes = useAuditSubjectTypes();
  const filters: AuditLogFilters = {
    action: list.values.search.trim() || undefined,
    subject_type: list.values.subject_type || undefined,
    actor_id: /^\d+$/.test(list.values.actor_id) ? list.values.actor_id : undefined,
    created_between: list.values.created_between || undefined,
  };
  const { data, isPending, isFetching, isError, error } = useAuditLog({
    filters,
    sort: list.sort,
    page: list.page,
    perPage: list.perPage,
    columns: list.columns.visible,
  });
  const filteredActor = filters.actor_id
    ? (data?.data.find((row) => String(row.actor?.id) === filters.actor_id)?.actor ?? null)
    : undefined;

  const cells: Record<AuditLogColumnKey, Omit<DataTableColumn<Entry>, 'key' | 'header'>> = {
    created_at: {
      render: (row) => formatDateTime(row.created_at),
      sortKey: 'created_at',
      nowrap: true,
    },
    actor: {
      render: (row) =>
        row.actor ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={(event) => {
              event.stopPropagation();
              list.update({ actor_id: String(row.actor?.id) });
            }}
            aria-label={`Only what ${actorName(row.actor)} did`}
          >
            {actorName(row.actor)}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            The platform
          </Text>
        ),
    },
    description: { render: (row) => row.description ?? '—' },
    action: {
      render: (row) => (
        <Text size="xs" ff="monospace">
          {row.action}
        </Text>
      ),
    },
    subject_type: { render: (row) => (row.subject_type ? auditSubjectLabel(row.subject_type) : '—') },
    subject_id: { render: (row) => row.subject_id ?? '—', align: 'right' },
    before: { render: (row) => (row.before ? `${Object.keys(row.before).length} values` : '—') },
    after: { render: (row) => (row.after ? `${Object.keys(row.after).length} values` : '—') },
    ip: { render: (row) => row.ip ?? '—' },
    request_id: { render: (row) => row.request_id ?? '—' },
  };
  const columns: DataTableColumn<Entry>[] = AUDIT_LOG_COLUMNS.filter((column) =>
    list.columns.visible.includes(column.key),
  ).map((column) => ({ key: column.key, header: column.label, ...cells[column.key] }));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Audit log"
        description="Every change anyone made on the platform, newest first, with the values before and after. Rows stay when their record is deleted."
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <ListToolbar
            search={{
              label: 'Action',
              placeholder: 'capital_call, fund., investor.updated',
              value: list.values.search,
              onChange: (value) => list.update({ search: value }),
            }}
            filters={
              <>
                <ListSelectFilter
                  label="Record type"
                  placeholder="Any record"
                  data={subjectTypes.data ?? []}
                  value={filters.subject_type}
                  onChange={(value) => list.update({ subject_type: value })}
                />
                <DateRangeFilter
                  label="Dates"
                  value={list.values.created_between}
                  onChange={(value) => list.update({ created_between: value })}
                />
              </>
            }
            actions={
              <>
                <ColumnChooser
                  columns={AUDIT_LOG_COLUMNS}
                  visible={list.columns.visible}
                  required={REQUIRED}
                  onChange={list.columns.choose}
                  onReset={list.columns.reset}
                  isDefault={list.columns.isDefault}
                />
                <ExportMenu
                  total={data?.meta.total}
                  disabled={isError}
                  hrefFor={(format) =>
                    exportHref('/api/audit-log', {
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
          {filters.actor_id && (
            <Group gap="xs">
              <Badge
                variant="light"
                size="lg"
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label="Show everyone’s changes"
                    onClick={() => list.update({ actor_id: null })}
                  />
                }
              >
                Who: {filteredActor ? actorName(filteredActor) : `user #${filters.actor_id}`}
              </Badge>
            </Group>
          )}
          {isError ? (
            <ListLoadError error={error} />
          ) : (
            <>
              <DataTable
                caption="Audit log"
                columns={columns}
                rows={data?.data}
                rowKey={(row) => row.id ?? 0}
                loading={isPending || isFetching}
                sort={list.sort}
                onSortChange={list.setSort}
                onRowClick={setOpened}
                minWidth={Math.max(560, columns.length * 130)}
                empty={
                  <ListEmptyState
                    plural={NOUN.many}
                    icon={<IconHistory size={28} aria-hidden />}
                    filtered={Object.values(filters).some((value) => value !== undefined)}
                    onClearFilters={list.clearAll}
                    description="Changes appear here as people make them."
                  />
                }
              />
              <ListPagination
                meta={data?.meta}
                noun={NOUN}
                onPageChange={list.setPage}
                pageSizes={LIST_PAGE_SIZES}
                onPageSizeChange={list.setPageSize}
              />
            </>
          )}
        </Stack>
      </Paper>
      <AuditEntryModal entry={opened} onClose={() => setOpened(undefined)} />
    </Stack>
  );
}

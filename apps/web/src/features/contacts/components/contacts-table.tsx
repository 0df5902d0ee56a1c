import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import {
  CLIENT_TYPE_LABELS,
  CONTACT_COLUMNS,
  CONTACT_STATE,
  type Contact,
  type ContactColumnKey,
} from '@portico/contracts';
import { IconAddressBook } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { LeadStatusBadge } from '../../../components/records/lead-status-badge';
import { recordPath } from '../../../config/records';
import { formatDate } from '../../../lib/format';
import { useTerminology } from '../../../lib/terminology';
import { categoryLabel, ContactStateBadge } from './contact-badges';

export type ContactRow = Partial<Contact> & { id?: number };

const SORTABLE: Partial<Record<ContactColumnKey, string>> = {
  name: 'name',
  email: 'email',
  company: 'company',
  created_at: 'created_at',
};

const dash = (value: string | null | undefined) => value || '—';

interface ContactsTableProps {
  rows: ContactRow[] | undefined;
  loading: boolean;
  columns: readonly ContactColumnKey[];
  sort: string;
  onSortChange: (sort: string) => void;
  /** opens a row's record; undefined when the role may not (Creator: list and create only) */
  onOpen: ((row: ContactRow) => void) | undefined;
  filtered: boolean;
  onClearFilters: () => void;
  /** the empty state's call to action, when the role may add contacts */
  newHref: string | undefined;
}

export function ContactsTable({
  rows,
  loading,
  columns,
  sort,
  onSortChange,
  onOpen,
  filtered,
  onClearFilters,
  newHref,
}: ContactsTableProps) {
  const terminology = useTerminology();
  const render: Record<ContactColumnKey, (row: ContactRow) => ReactNode> = {
    name: (row) => (
      <Stack gap={0}>
        {onOpen && row.id !== undefined ? (
          <Anchor component={Link} to={recordPath('contact', row.id)} size="sm" fw={600}>
            {row.name}
          </Anchor>
        ) : (
          <Text size="sm" fw={600}>
            {row.name}
          </Text>
        )}
        {columns.includes('email') && row.email && (
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {row.email}
          </Text>
        )}
      </Stack>
    ),
    email: (row) => dash(row.email),
    phone: (row) => dash(row.phone),
    company: (row) => dash(row.company),
    job_title: (row) => dash(row.job_title),
    state: (row) => (
      <Group gap={4} wrap="nowrap">
        <ContactStateBadge state={row.state} />
        {/* Linked to an investor without being marked Investment (changed by hand since). */}
        {row.investor && row.state !== CONTACT_STATE.INVESTMENT && (
          <Badge variant="outline" color="primaryLighter" title={`Became ${row.investor.name}`}>
            {terminology.investor}
          </Badge>
        )}
      </Group>
    ),
    lead_status: (row) => (row.lead_status ? <LeadStatusBadge status={row.lead_status} /> : '—'),
    client_type: (row) => (row.client_type ? CLIENT_TYPE_LABELS[row.client_type] : '—'),
    category: (row) => categoryLabel(terminology, row.category),
    owner: (row) => dash(row.owner?.name),
    source: (row) => dash(row.source),
    country: (row) => dash(row.country),
    created_at: (row) => formatDate(row.created_at),
  };

  const tableColumns: DataTableColumn<ContactRow>[] = CONTACT_COLUMNS.filter((column) =>
    columns.includes(column.key),
  ).map((column) => ({
    key: column.key,
    header: column.label,
    sortKey: SORTABLE[column.key],
    render: render[column.key],
    visibleFrom: column.key === 'email' ? 'sm' : undefined,
    nowrap: ['created_at', 'lead_status', 'state'].includes(column.key),
  }));

  return (
    <DataTable
      caption="Contacts"
      columns={tableColumns}
      rows={rows}
      rowKey={(row) => row.id ?? row.email ?? ''}
      loading={loading}
      sort={sort}
      onSortChange={onSortChange}
      onRowClick={onOpen}
      minWidth={Math.max(560, tableColumns.length * 150)}
      skeletonRows={8}
      empty={
        <ListEmptyState
          plural="contacts"
          filtered={filtered}
          onClearFilters={onClearFilters}
          description="People you are in touch with who have not registered in the portal."
          add={newHref ? { href: newHref, label: 'Add the first contact' } : undefined}
          icon={<IconAddressBook size={28} aria-hidden />}
        />
      }
    />
  );
}

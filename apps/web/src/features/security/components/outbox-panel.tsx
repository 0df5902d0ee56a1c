import { Alert, Anchor, EmptyState, Stack, Text } from '@mantine/core';
import type { OutboxMail } from '@portico/contracts';
import { IconAlertTriangle, IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { SearchInput } from '../../../components/data-table/search-input';
import { useListParams } from '../../../components/data-table/use-list-params';
import { formatDateTime } from '../../../lib/format';
import { useOutboxMails } from '../api/get-outbox-mails';
import { MailModal } from './mail-modal';
import { MailStatusBadge } from './mail-status-badge';

const LIST_KEYS = ['to'] as const;

/** The emails the platform has written, newest first; a row opens the email. */
export function OutboxPanel() {
  const { values, page, update } = useListParams(LIST_KEYS, 'outbox_');
  const [open, setOpen] = useState<OutboxMail>();
  const { data, isPending, isFetching, isError } = useOutboxMails({ to: values.to, page });

  const columns: DataTableColumn<OutboxMail>[] = [
    {
      key: 'subject',
      header: 'Subject',
      render: (mail) => (
        <Stack gap={0}>
          <Anchor
            component="button"
            type="button"
            fz="sm"
            fw={600}
            ta="left"
            onClick={(event) => {
              event.stopPropagation();
              setOpen(mail);
            }}
          >
            {mail.subject}
          </Anchor>
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {mail.to}
          </Text>
        </Stack>
      ),
    },
    { key: 'to', header: 'To', visibleFrom: 'sm', render: (mail) => mail.to },
    { key: 'status', header: 'Status', render: (mail) => <MailStatusBadge status={mail.status} /> },
    {
      key: 'date',
      header: 'Date',
      visibleFrom: 'md',
      nowrap: true,
      render: (mail) => formatDateTime(mail.created_at),
    },
  ];

  return (
    <Stack gap="md">
      <SearchInput
        label="Recipient"
        placeholder="Filter by email address"
        value={values.to}
        onChange={(to) => update({ to })}
      />
      {isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          The outbox could not be loaded. Please try again later.
        </Alert>
      ) : (
        <>
          <DataTable
            caption="Email outbox"
            columns={columns}
            rows={data?.data}
            rowKey={(mail) => mail.id}
            loading={isPending || isFetching}
            onRowClick={setOpen}
            empty={
              <EmptyState
                icon={<IconMailOff size={28} aria-hidden />}
                title={values.to ? 'No emails to that recipient' : 'No emails yet'}
                description={
                  values.to
                    ? 'Try part of the address instead.'
                    : 'Verification, reset and invitation emails appear here.'
                }
                withIndicatorBackground
                size="sm"
              />
            }
          />
          <ListPagination
            meta={data?.meta}
            noun={{ one: 'email', many: 'emails' }}
            onPageChange={(next) => update({ page: next })}
          />
        </>
      )}
      <MailModal mail={open} onClose={() => setOpen(undefined)} />
    </Stack>
  );
}

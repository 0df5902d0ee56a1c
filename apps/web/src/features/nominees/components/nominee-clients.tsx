import { ActionIcon, Anchor, Button, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { can, type Nominee, type NomineeClient } from '@portico/contracts';
import { IconUserMinus, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { ListToolbar } from '../../../components/data-table/list-toolbar';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { RecordSection } from '../../../components/records/record-section';
import { recordPath } from '../../../config/records';
import { formatDate } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { useNomineeClients } from '../api/get-nominee-clients';
import { useAddNomineeClient, useRemoveNomineeClient } from '../api/nominee-client-mutations';
import { AddClientModal } from './add-client-modal';

/** The investors the nominee acts for, with its designation for each; added and removed by staff. */
export function NomineeClients({ nominee }: { nominee: Nominee }) {
  const user = useUser();
  const mayShow = can(user.role_id, 'investors', 'show');
  const mayChange = can(user.role_id, 'investors', 'update');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<NomineeClient>();
  const { data, isPending, isFetching, isError, error } = useNomineeClients(nominee.id, { search, page });
  const add = useAddNomineeClient();
  const remove = useRemoveNomineeClient();
  const nomineeId = nominee.id;

  const columns: DataTableColumn<NomineeClient>[] = [
    {
      key: 'name',
      header: 'Investor',
      render: (client) => (
        <div>
          {mayShow ? (
            <Anchor component={Link} to={recordPath('investor', client.investor.id)} size="sm" fw={600}>
              {client.investor.name}
            </Anchor>
          ) : (
            <Text size="sm" fw={600}>
              {client.investor.name}
            </Text>
          )}
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {client.investor.email}
          </Text>
        </div>
      ),
    },
    { key: 'designation', header: 'Designation', render: (client) => client.designation ?? '—' },
    {
      key: 'created_at',
      header: 'Since',
      nowrap: true,
      visibleFrom: 'sm',
      render: (client) => formatDate(client.created_at),
    },
    ...(mayChange
      ? [
          {
            key: 'actions',
            header: 'Actions',
            align: 'right' as const,
            render: (client: NomineeClient) => (
              <Tooltip label="Remove">
                <ActionIcon
                  variant="subtle"
                  color="danger"
                  aria-label={`Remove ${client.investor.name}`}
                  onClick={() => setRemoving(client)}
                >
                  <IconUserMinus size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ),
          },
        ]
      : []),
  ];

  const count = nominee.clients_count;
  return (
    <RecordSection
      title="Clients"
      description={`Acts for ${count} investor${count === 1 ? '' : 's'}.`}
      actions={
        mayChange && (
          <Button
            size="sm"
            variant="light"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setAdding(true)}
          >
            Add client
          </Button>
        )
      }
    >
      <ListToolbar
        search={{
          label: 'Search clients',
          placeholder: 'Name, email or designation',
          value: search,
          onChange: (value) => {
            setSearch(value);
            setPage(1);
          },
        }}
      />
      {isError ? (
        <ListLoadError error={error} />
      ) : (
        <>
          <DataTable
            caption={`Clients of ${nominee.name}`}
            columns={columns}
            rows={data?.data}
            rowKey={(client) => client.id}
            loading={isPending || isFetching}
            skeletonRows={3}
            empty={
              <ListEmptyState
                plural="clients"
                icon={<IconUsers size={28} aria-hidden />}
                filtered={search !== ''}
                onClearFilters={() => {
                  setSearch('');
                  setPage(1);
                }}
                description={
                  mayChange ? 'Add the investors whose shares it holds.' : 'It acts for no investor yet.'
                }
              />
            }
          />
          <ListPagination meta={data?.meta} noun="clients" onPageChange={setPage} />
        </>
      )}

      <AddClientModal
        nomineeName={nominee.name}
        opened={adding}
        onClose={() => setAdding(false)}
        submit={(input) => add.mutateAsync({ nomineeId, input })}
        onAdded={() => {
          setAdding(false);
          notifications.show({
            color: 'success',
            title: 'Client added',
            message: `${nominee.name} now acts for them.`,
          });
        }}
      />
      <ConfirmModal
        opened={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title="Remove client"
        confirmLabel="Remove"
        danger
        onConfirm={async () => {
          if (!removing) return;
          await remove.mutateAsync({ nomineeId, clientId: removing.id });
          notifications.show({
            color: 'success',
            title: 'Client removed',
            message: `${nominee.name} no longer acts for ${removing.investor.name}.`,
          });
        }}
      >
        Remove <strong>{removing?.investor.name}</strong> from the clients of <strong>{nominee.name}</strong>?
        They stay an investor; the nominee no longer acts for them.
      </ConfirmModal>
    </RecordSection>
  );
}

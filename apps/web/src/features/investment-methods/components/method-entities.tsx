import { ActionIcon, Anchor, Badge, Button, Group, Select, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  can,
  ENTITY_HOLDER_TYPES,
  ENTITY_STATUS_LABELS,
  ENTITY_STATUSES,
  type InvestmentMethod,
  type InvestmentMethodEntity,
} from '@portico/contracts';
import { IconPencil, IconPlus, IconTrash, IconWallet } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { ListToolbar } from '../../../components/data-table/list-toolbar';
import { oneOf } from '../../../components/data-table/list-values';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { RecordSection } from '../../../components/records/record-section';
import { recordPath } from '../../../config/records';
import { formatDate, plural, type Noun } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { useMethodEntities } from '../api/get-method-entities';
import {
  useAddMethodEntity,
  useChangeMethodEntity,
  useRemoveMethodEntity,
} from '../api/method-entity-mutations';
import { EntityFormModal } from './entity-form-modal';
import { ENTITY_STATUS_COLOURS, ENTITY_STATUS_OPTIONS, HOLDER_OPTIONS } from './investment-method-options';

const ACCOUNT: Noun = { one: 'account', many: 'accounts' };

function Holder({ entity, linked }: { entity: InvestmentMethodEntity; linked: boolean }) {
  const { holder } = entity;
  if (!holder)
    return (
      <Text size="sm" c="dimmed">
        Nobody
      </Text>
    );
  const to = recordPath(holder.type, holder.id);
  return (
    <div>
      <Group gap={6} wrap="nowrap">
        {linked ? (
          <Anchor component={Link} to={to} size="sm">
            {holder.name}
          </Anchor>
        ) : (
          <Text size="sm">{holder.name}</Text>
        )}
        {holder.type === 'contact' && (
          <Badge size="xs" variant="outline" color="gray">
            Contact
          </Badge>
        )}
      </Group>
      {holder.email && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {holder.email}
        </Text>
      )}
    </div>
  );
}

type Editing = { kind: 'add' } | { kind: 'edit'; entity: InvestmentMethodEntity };

/** The investors' and contacts' accounts with the method: listed, added, changed and removed. */
export function MethodEntities({ method }: { method: InvestmentMethod }) {
  const user = useUser();
  const mayShow = can(user.role_id, 'investors', 'show');
  const mayChange = can(user.role_id, 'investors', 'update');
  const mayDelete = can(user.role_id, 'investors', 'delete');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [holder, setHolder] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>();
  const [removing, setRemoving] = useState<InvestmentMethodEntity>();

  const { data, isPending, isFetching, isError, error } = useMethodEntities(method.id, {
    search,
    status: oneOf(ENTITY_STATUSES, status),
    holder: oneOf(ENTITY_HOLDER_TYPES, holder),
    page,
  });
  const add = useAddMethodEntity();
  const change = useChangeMethodEntity();
  const remove = useRemoveMethodEntity();
  const methodId = method.id;
  const filter = (set: (value: string) => void) => (value: string | null) => {
    set(value ?? '');
    setPage(1);
  };

  const columns: DataTableColumn<InvestmentMethodEntity>[] = [
    {
      key: 'name',
      header: 'Account',
      render: (entity) => (
        <div>
          <Text size="sm" fw={600}>
            {entity.name}
          </Text>
          {entity.account_reference && (
            <Text size="xs" c="dimmed">
              Ref. {entity.account_reference}
            </Text>
          )}
        </div>
      ),
    },
    { key: 'holder', header: 'Held by', render: (entity) => <Holder entity={entity} linked={mayShow} /> },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      render: (entity) => (
        <Badge variant="light" color={ENTITY_STATUS_COLOURS[entity.status]}>
          {ENTITY_STATUS_LABELS[entity.status]}
        </Badge>
      ),
    },
    {
      key: 'created_at',
      header: 'Added',
      nowrap: true,
      visibleFrom: 'sm',
      render: (entity) => formatDate(entity.created_at),
    },
    ...(mayChange || mayDelete
      ? [
          {
            key: 'actions',
            header: 'Actions',
            align: 'right' as const,
            render: (entity: InvestmentMethodEntity) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {mayChange && (
                  <Tooltip label="Edit">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit ${entity.name}`}
                      onClick={() => setEditing({ kind: 'edit', entity })}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
                {mayDelete && (
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="danger"
                      aria-label={`Delete ${entity.name}`}
                      onClick={() => setRemoving(entity)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            ),
          },
        ]
      : []),
  ];

  const count = method.entities_count;
  return (
    <RecordSection
      title="Accounts"
      description={`${plural(count, 'account')} held by investors and contacts through this method.`}
      actions={
        mayChange && (
          <Button
            size="sm"
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ kind: 'add' })}
          >
            Add account
          </Button>
        )
      }
    >
      <ListToolbar
        search={{
          label: 'Search accounts',
          placeholder: 'Account, reference, name or email',
          value: search,
          onChange: filter(setSearch),
        }}
        filters={
          <Group gap="sm" wrap="wrap" align="flex-end">
            <Select
              label="Status"
              placeholder="Any status"
              data={ENTITY_STATUS_OPTIONS}
              value={status || null}
              onChange={filter(setStatus)}
              clearable
              comboboxProps={{ withinPortal: true }}
              w={{ base: '100%', xs: 160 }}
            />
            <Select
              label="Held by"
              placeholder="Anyone"
              data={HOLDER_OPTIONS}
              value={holder || null}
              onChange={filter(setHolder)}
              clearable
              comboboxProps={{ withinPortal: true }}
              w={{ base: '100%', xs: 160 }}
            />
          </Group>
        }
      />
      {isError ? (
        <ListLoadError error={error} />
      ) : (
        <>
          <DataTable
            caption={`Accounts with ${method.name}`}
            columns={columns}
            rows={data?.data}
            rowKey={(entity) => entity.id}
            loading={isPending || isFetching}
            skeletonRows={3}
            empty={
              <ListEmptyState
                plural="accounts"
                icon={<IconWallet size={28} aria-hidden />}
                filtered={search !== '' || status !== '' || holder !== ''}
                onClearFilters={() => {
                  setSearch('');
                  setStatus('');
                  setHolder('');
                  setPage(1);
                }}
                description="Investors' and contacts' accounts with this method appear here once added."
              />
            }
          />
          <ListPagination meta={data?.meta} noun={ACCOUNT} onPageChange={setPage} />
        </>
      )}

      {editing?.kind === 'add' && (
        <EntityFormModal
          method={method}
          onClose={() => setEditing(undefined)}
          submit={(input) => add.mutateAsync({ methodId, input })}
          onSaved={(entity) => {
            setEditing(undefined);
            notifications.show({
              color: 'success',
              title: 'Account added',
              message: `${entity.name} was added.`,
            });
          }}
        />
      )}
      {editing?.kind === 'edit' && (
        <EntityFormModal
          method={method}
          entity={editing.entity}
          onClose={() => setEditing(undefined)}
          submit={(changes) => change.mutateAsync({ methodId, entityId: editing.entity.id, changes })}
          onSaved={(entity) => {
            setEditing(undefined);
            notifications.show({
              color: 'success',
              title: 'Changes saved',
              message: `${entity.name} is up to date.`,
            });
          }}
        />
      )}
      <ConfirmModal
        opened={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title="Delete account"
        confirmLabel="Delete"
        danger
        onConfirm={async () => {
          if (!removing) return;
          await remove.mutateAsync({ methodId, entityId: removing.id });
          notifications.show({
            color: 'success',
            title: 'Account deleted',
            message: `${removing.name} was deleted.`,
          });
        }}
      >
        Delete <strong>{removing?.name}</strong>
        {removing?.holder ? ` (held by ${removing.holder.name})` : ''}? The{' '}
        {removing?.holder?.type ?? 'investor'} stays; only this account with {method.name} is deleted.
      </ConfirmModal>
    </RecordSection>
  );
}

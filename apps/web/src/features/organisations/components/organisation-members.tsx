import { ActionIcon, Anchor, Badge, Button, Group, Select, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  can,
  ORGANISATION_ROLE_LABELS,
  ORGANISATION_ROLES,
  type Organisation,
  type OrganisationMember,
} from '@portico/contracts';
import { IconPencil, IconUserMinus, IconUserPlus, IconUsers } from '@tabler/icons-react';
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
import { formatDate } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { useOrganisationMembers } from '../api/get-organisation-members';
import {
  useAddOrganisationMember,
  useChangeOrganisationMember,
  useRemoveOrganisationMember,
} from '../api/organisation-member-mutations';
import { AddMemberModal } from './add-member-modal';
import { MemberRoleModal } from './member-role-modal';
import { ORGANISATION_ROLE_OPTIONS } from './organisation-options';

/**
 * The organisation's members (organisation links): the investors linked to it and as what; staff who
 * may change investors add, re-role and remove them.
 */
export function OrganisationMembers({ organisation }: { organisation: Organisation }) {
  const user = useUser();
  const mayShow = can(user.role_id, 'investors', 'show');
  const mayChange = can(user.role_id, 'investors', 'update');
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<OrganisationMember>();
  const [removing, setRemoving] = useState<OrganisationMember>();

  const params = { search, role: oneOf(ORGANISATION_ROLES, role), page };
  const { data, isPending, isFetching, isError, error } = useOrganisationMembers(organisation.id, params);
  const add = useAddOrganisationMember();
  const change = useChangeOrganisationMember();
  const remove = useRemoveOrganisationMember();
  const organisationId = organisation.id;

  const columns: DataTableColumn<OrganisationMember>[] = [
    {
      key: 'name',
      header: 'Investor',
      render: (member) => (
        <div>
          {mayShow ? (
            <Anchor component={Link} to={recordPath('investor', member.investor.id)} size="sm" fw={600}>
              {member.investor.name}
            </Anchor>
          ) : (
            <Text size="sm" fw={600}>
              {member.investor.name}
            </Text>
          )}
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {member.investor.email}
          </Text>
        </div>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      nowrap: true,
      render: (member) => (
        <Badge variant="light" color="primaryLighter">
          {ORGANISATION_ROLE_LABELS[member.role]}
        </Badge>
      ),
    },
    {
      key: 'created_at',
      header: 'Linked',
      nowrap: true,
      visibleFrom: 'sm',
      render: (m) => formatDate(m.created_at),
    },
    ...(mayChange
      ? [
          {
            key: 'actions',
            header: 'Actions',
            align: 'right' as const,
            render: (member: OrganisationMember) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label="Change role">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Change the role of ${member.investor.name}`}
                    onClick={() => setEditing(member)}
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Remove">
                  <ActionIcon
                    variant="subtle"
                    color="danger"
                    aria-label={`Remove ${member.investor.name}`}
                    onClick={() => setRemoving(member)}
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

  const filtered = search !== '' || role !== '';
  const count = organisation.members_count;

  return (
    <RecordSection
      title="Members"
      description={`${count} linked investor${count === 1 ? '' : 's'}.`}
      actions={
        mayChange && (
          <Button
            size="sm"
            variant="light"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setAdding(true)}
          >
            Add member
          </Button>
        )
      }
    >
      <ListToolbar
        search={{
          label: 'Search members',
          placeholder: 'Name or email',
          value: search,
          onChange: (value) => {
            setSearch(value);
            setPage(1);
          },
        }}
        filters={
          <Select
            label="Role"
            placeholder="Any role"
            data={ORGANISATION_ROLE_OPTIONS}
            value={role || null}
            onChange={(value) => {
              setRole(value ?? '');
              setPage(1);
            }}
            clearable
            comboboxProps={{ withinPortal: true }}
            w={{ base: '100%', xs: 200 }}
          />
        }
      />
      {isError ? (
        <ListLoadError error={error} />
      ) : (
        <>
          <DataTable
            caption={`Members of ${organisation.name}`}
            columns={columns}
            rows={data?.data}
            rowKey={(member) => member.id}
            loading={isPending || isFetching}
            skeletonRows={3}
            empty={
              <ListEmptyState
                plural="members"
                icon={<IconUsers size={28} aria-hidden />}
                filtered={filtered}
                onClearFilters={() => {
                  setSearch('');
                  setRole('');
                  setPage(1);
                }}
                description={
                  mayChange
                    ? 'Add the investors who belong to it, or approve their applications to join.'
                    : 'No investor is linked to it.'
                }
              />
            }
          />
          <ListPagination meta={data?.meta} noun="members" onPageChange={setPage} />
        </>
      )}

      <AddMemberModal
        organisationName={organisation.name}
        opened={adding}
        onClose={() => setAdding(false)}
        submit={(input) => add.mutateAsync({ organisationId, input })}
        onAdded={() => {
          setAdding(false);
          notifications.show({
            color: 'success',
            title: 'Member added',
            message: `Linked to ${organisation.name}.`,
          });
        }}
      />
      {editing && (
        <MemberRoleModal
          member={editing}
          onClose={() => setEditing(undefined)}
          submit={(next) => change.mutateAsync({ organisationId, memberId: editing.id, role: next })}
        />
      )}
      <ConfirmModal
        opened={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title="Remove member"
        confirmLabel="Remove"
        danger
        onConfirm={async () => {
          if (!removing) return;
          await remove.mutateAsync({ organisationId, memberId: removing.id });
          notifications.show({
            color: 'success',
            title: 'Member removed',
            message: `${removing.investor.name} is no longer linked to ${organisation.name}.`,
          });
        }}
      >
        Remove <strong>{removing?.investor.name}</strong> from <strong>{organisation.name}</strong>? They stay
        an investor; only their link to the organisation ends.
      </ConfirmModal>
    </RecordSection>
  );
}

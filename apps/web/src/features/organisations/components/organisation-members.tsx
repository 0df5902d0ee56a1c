import { ActionIcon, Badge, Select, Tooltip } from '@mantine/core';
import {
  createOrganisationMemberInputSchema,
  ORGANISATION_ROLE_LABELS,
  ORGANISATION_ROLES,
  type CreateOrganisationMemberInput,
  type Organisation,
  type OrganisationMember,
  type OrganisationRole,
} from '@portico/contracts';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { oneOf } from '../../../components/data-table/list-values';
import {
  LinkedPeopleSection,
  type LinkedPeopleParams,
} from '../../../components/records/linked-people-section';
import { organisationMembersQueryOptions } from '../api/get-organisation-members';
import {
  useAddOrganisationMember,
  useChangeOrganisationMember,
  useRemoveOrganisationMember,
} from '../api/organisation-member-mutations';
import { MemberRoleModal } from './member-role-modal';
import { ORGANISATION_ROLE_OPTIONS } from './organisation-options';
import { plural } from '../../../lib/format';

const NEW_MEMBER: { role: OrganisationRole } = { role: 'member' };

const ROLE_COLUMN: DataTableColumn<OrganisationMember> = {
  key: 'role',
  header: 'Role',
  nowrap: true,
  render: (member) => (
    <Badge variant="light" color="primaryLighter">
      {ORGANISATION_ROLE_LABELS[member.role]}
    </Badge>
  ),
};

/**
 * The organisation's members (organisation links): the investors linked to it and as what; staff who
 * may change investors add, re-role and remove them.
 */
export function OrganisationMembers({ organisation }: { organisation: Organisation }) {
  const [editing, setEditing] = useState<OrganisationMember>();
  const add = useAddOrganisationMember();
  const change = useChangeOrganisationMember();
  const remove = useRemoveOrganisationMember();
  const organisationId = organisation.id;
  const count = organisation.members_count;

  return (
    <LinkedPeopleSection
      title="Members"
      noun={{ one: 'member', many: 'members' }}
      description={`${plural(count, 'linked investor')}.`}
      caption={`Members of ${organisation.name}`}
      searchPlaceholder="Name or email"
      filter={{ label: 'Role', placeholder: 'Any role', options: ORGANISATION_ROLE_OPTIONS }}
      query={({ search, filter, page }: LinkedPeopleParams) =>
        organisationMembersQueryOptions(organisationId, {
          search,
          role: oneOf(ORGANISATION_ROLES, filter),
          page,
        })
      }
      columns={[ROLE_COLUMN]}
      linkedHeader="Linked"
      emptyText={{
        mayChange: 'Add the investors who belong to it, or approve their applications to join.',
        readOnly: 'No investor is linked to it.',
      }}
      resource="investors"
      add={{
        title: `Add a member to ${organisation.name}`,
        choosePerson: 'Choose the investor to link.',
        initialValues: NEW_MEMBER,
        fields: (form) => (
          <Select
            label="Role"
            description="What they are to the organisation."
            data={ORGANISATION_ROLE_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('role')}
          />
        ),
        schema: createOrganisationMemberInputSchema,
        payloadOf: (userId, { role }): CreateOrganisationMemberInput => ({ user_id: userId, role }),
        submit: (input) => add.mutateAsync({ organisationId, input }),
        addedMessage: `Linked to ${organisation.name}.`,
      }}
      remove={{
        submit: (member) => remove.mutateAsync({ organisationId, memberId: member.id }),
        question: (investor) => (
          <>
            Remove {investor} from <strong>{organisation.name}</strong>? They stay an investor; only their
            link to the organisation ends.
          </>
        ),
        removedMessage: (member) => `${member.investor.name} is no longer linked to ${organisation.name}.`,
      }}
      rowActions={(member) => (
        <Tooltip label="Change role">
          <ActionIcon
            variant="subtle"
            aria-label={`Change the role of ${member.investor.name}`}
            onClick={() => setEditing(member)}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    >
      {editing && (
        <MemberRoleModal
          member={editing}
          onClose={() => setEditing(undefined)}
          submit={(next) => change.mutateAsync({ organisationId, memberId: editing.id, role: next })}
        />
      )}
    </LinkedPeopleSection>
  );
}

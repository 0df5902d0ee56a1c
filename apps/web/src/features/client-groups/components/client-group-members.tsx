import type { AddClientGroupMembersInput, ClientGroup } from '@portico/contracts';
import { addClientGroupMembersInputSchema } from '@portico/contracts';
import {
  LinkedPeopleSection,
  type LinkedPeopleParams,
} from '../../../components/records/linked-people-section';
import { plural } from '../../../lib/format';
import { useAddClientGroupMembers, useRemoveClientGroupMember } from '../api/client-group-member-mutations';
import { clientGroupMembersQueryOptions } from '../api/get-client-group-members';

/** The investors in a group: found with the person picker, removed after a confirmation. */
export function ClientGroupMembers({ group }: { group: ClientGroup }) {
  const add = useAddClientGroupMembers();
  const remove = useRemoveClientGroupMember();
  const groupId = group.id;

  return (
    <LinkedPeopleSection
      title="Members"
      noun={{ one: 'member', many: 'members' }}
      description={`${plural(group.members_count, 'investor')}. Invited to an internal opportunity, each of them is offered it.`}
      caption={`Members of ${group.name}`}
      searchPlaceholder="Name or email"
      query={({ search, page }: LinkedPeopleParams) =>
        clientGroupMembersQueryOptions(groupId, { search, page })
      }
      columns={[]}
      linkedHeader="Member since"
      emptyText={{
        mayChange: 'Add the investors who belong to this group.',
        readOnly: 'No investor is in this group yet.',
      }}
      resource="investors"
      add={{
        title: `Add a member to ${group.name}`,
        choosePerson: 'Choose the investor to add.',
        initialValues: {},
        fields: () => null,
        schema: addClientGroupMembersInputSchema,
        payloadOf: (userId): AddClientGroupMembersInput => ({ user_ids: [userId] }),
        submit: (input) => add.mutateAsync({ groupId, input }),
        addedMessage: `They are now in ${group.name}.`,
      }}
      remove={{
        submit: (member) => remove.mutateAsync({ groupId, userId: member.investor.id }),
        question: (investor) => (
          <>
            Remove {investor} from <strong>{group.name}</strong>? They stay an investor, and keep any
            invitation made to them directly; the group’s invitations no longer include them.
          </>
        ),
        removedMessage: (member) => `${member.investor.name} left ${group.name}.`,
      }}
    />
  );
}

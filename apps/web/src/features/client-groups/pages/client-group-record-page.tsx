import { Badge } from '@mantine/core';
import { LoadedRecordPage } from '../../../components/records/loaded-record-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { CLIENT_GROUP_TABS } from '../../../config/records';
import { plural } from '../../../lib/format';
import { useDeleteClientGroup } from '../api/client-group-mutations';
import { useClientGroup } from '../api/get-client-group';

/** /admin/investors/client-groups/{id}/details: its members, then its activity. */
export function ClientGroupRecordPage() {
  return (
    <LoadedRecordPage
      recordType="client_group"
      list={{ label: 'Client groups', path: ADMIN_SCREENS.clientGroups.path }}
      editPath={ADMIN_SCREENS.clientGroupEdit.path}
      tabs={CLIENT_GROUP_TABS}
      useRecord={useClientGroup}
      useDelete={useDeleteClientGroup}
      description={(group) => group.description}
      badges={(group) => (
        <Badge variant="light" color="gray">
          {plural(group.members_count, 'member')}
        </Badge>
      )}
      deletion={{
        done: 'Client group deleted',
        body: (group) => (
          <>
            Delete <strong>{group.name}</strong>? Its {plural(group.members_count, 'investor')} stay
            investors; its invitations to {plural(group.invitations_count, 'opportunity', 'opportunities')}{' '}
            are withdrawn. This cannot be undone.
          </>
        ),
      }}
    />
  );
}

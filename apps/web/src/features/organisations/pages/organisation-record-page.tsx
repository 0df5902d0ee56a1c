import { Badge } from '@mantine/core';
import { ORGANISATION_TYPE_LABELS } from '@portico/contracts';
import { LoadedRecordPage } from '../../../components/records/loaded-record-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { ORGANISATION_TABS } from '../../../config/records';
import { useDeleteOrganisation } from '../api/delete-organisation';
import { useOrganisation } from '../api/get-organisation';

function membersUnlinked(count: number): string {
  if (count === 0) return '';
  return count === 1
    ? 'Its member is unlinked (they stay an investor). '
    : `Its ${count} members are unlinked (they stay investors). `;
}

/** /admin/investors/organisations/{id}/details and its tabs (spec §2.1). */
export function OrganisationRecordPage() {
  return (
    <LoadedRecordPage
      recordType="organisation"
      list={{ label: 'Organisations', path: ADMIN_SCREENS.organisations.path }}
      editPath={ADMIN_SCREENS.organisationEdit.path}
      tabs={ORGANISATION_TABS}
      useRecord={useOrganisation}
      useDelete={useDeleteOrganisation}
      description={(organisation) => organisation.email}
      badges={(organisation) => (
        <Badge variant="light" color="primaryLighter">
          {ORGANISATION_TYPE_LABELS[organisation.type]}
        </Badge>
      )}
      deletion={{
        done: 'Organisation deleted',
        body: (organisation) => (
          <>
            Delete <strong>{organisation.name}</strong>? {membersUnlinked(organisation.members_count)}
            Pending applications to join it are closed, and its notes, calls and tasks are deleted. This
            cannot be undone.
          </>
        ),
      }}
    />
  );
}

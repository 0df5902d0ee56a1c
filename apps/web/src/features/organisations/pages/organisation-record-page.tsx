import { Badge } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { can, ORGANISATION_TYPE_LABELS } from '@portico/contracts';
import { Outlet, useNavigate } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { RecordHeaderActions } from '../../../components/records/record-header-actions';
import { isNotFound, RecordLoadError } from '../../../components/records/record-load-error';
import { RecordPage } from '../../../components/records/record-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { ORGANISATION_TABS, recordPath, visibleRecordTabs } from '../../../config/records';
import { useFeatures } from '../../../lib/branding';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
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
  const id = useRecordId();
  const user = useUser();
  const features = useFeatures();
  const navigate = useNavigate();
  const { data: organisation, isError, error, refetch, isFetching } = useOrganisation(id);
  const erase = useDeleteOrganisation();

  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  const listPath = ADMIN_SCREENS.organisations.path;

  return (
    <RecordPage
      title={organisation?.name}
      description={organisation?.email}
      back={{ label: 'Organisations', to: listPath }}
      badges={
        organisation && (
          <Badge variant="light" color="primaryLighter">
            {ORGANISATION_TYPE_LABELS[organisation.type]}
          </Badge>
        )
      }
      actions={
        organisation && (
          <RecordHeaderActions
            editHref={
              can(user.role_id, 'investors', 'update')
                ? ADMIN_SCREENS.organisationEdit.path.replace(':id', String(id))
                : undefined
            }
            deletion={
              can(user.role_id, 'investors', 'delete')
                ? {
                    title: `Delete ${organisation.name}`,
                    body: (
                      <>
                        Delete <strong>{organisation.name}</strong>?{' '}
                        {membersUnlinked(organisation.members_count)}
                        Pending applications to join it are closed, and its notes, calls and tasks are
                        deleted. This cannot be undone.
                      </>
                    ),
                    run: async () => {
                      await erase.mutateAsync(id);
                      notifications.show({
                        color: 'success',
                        title: 'Organisation deleted',
                        message: `${organisation.name} was deleted.`,
                      });
                      void navigate(listPath, { replace: true });
                    },
                  }
                : undefined
            }
          />
        )
      }
      basePath={recordPath('organisation', id)}
      tabs={visibleRecordTabs(ORGANISATION_TABS, user.role_id, features)}
    >
      {isError ? (
        <RecordLoadError
          error={error}
          retry={() => void refetch()}
          retrying={isFetching}
          listPath={listPath}
        />
      ) : (
        <Outlet />
      )}
    </RecordPage>
  );
}

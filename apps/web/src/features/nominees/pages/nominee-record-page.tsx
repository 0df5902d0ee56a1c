import { Skeleton, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { can } from '@portico/contracts';
import { Outlet, useNavigate } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { RecordHeaderActions } from '../../../components/records/record-header-actions';
import { isNotFound, RecordLoadError } from '../../../components/records/record-load-error';
import { RecordPage } from '../../../components/records/record-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { NOMINEE_TABS, recordPath, visibleRecordTabs } from '../../../config/records';
import { useFeatures } from '../../../lib/branding';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { useDeleteNominee } from '../api/delete-nominee';
import { useNominee } from '../api/get-nominee';
import { NomineeClients } from '../components/nominee-clients';
import { NomineeSummary } from '../components/nominee-summary';

/**
 * /admin/investors/nominees/{id}/… (spec §2.1): a nominee has no details page, so its details and clients
 * sit above its tabs (notes-calls-tasks; transactions come with investments).
 */
export function NomineeRecordPage() {
  const id = useRecordId();
  const user = useUser();
  const features = useFeatures();
  const navigate = useNavigate();
  const { data: nominee, isError, error, refetch, isFetching } = useNominee(id);
  const erase = useDeleteNominee();

  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  const listPath = ADMIN_SCREENS.nominees.path;
  const tabs = visibleRecordTabs(NOMINEE_TABS, user.role_id, features);

  return (
    <RecordPage
      title={nominee?.name}
      description={nominee?.email}
      back={{ label: 'Nominees', to: listPath }}
      actions={
        nominee && (
          <RecordHeaderActions
            editHref={
              can(user.role_id, 'investors', 'update')
                ? ADMIN_SCREENS.nomineeEdit.path.replace(':id', String(id))
                : undefined
            }
            deletion={
              can(user.role_id, 'investors', 'delete')
                ? {
                    title: `Delete ${nominee.name}`,
                    body: (
                      <>
                        Delete <strong>{nominee.name}</strong>? The investors it acts for stay, no longer
                        linked to it; its notes, calls and tasks are deleted. This cannot be undone.
                      </>
                    ),
                    run: async () => {
                      await erase.mutateAsync(id);
                      notifications.show({
                        color: 'success',
                        title: 'Nominee deleted',
                        message: `${nominee.name} was deleted.`,
                      });
                      void navigate(listPath, { replace: true });
                    },
                  }
                : undefined
            }
          />
        )
      }
      basePath={recordPath('nominee', id)}
      tabs={tabs}
    >
      {isError ? (
        <RecordLoadError
          error={error}
          retry={() => void refetch()}
          retrying={isFetching}
          listPath={listPath}
        />
      ) : nominee ? (
        <Stack gap="lg">
          <NomineeSummary nominee={nominee} />
          <NomineeClients nominee={nominee} />
          {/* With a single tab there is no tab bar: the section still needs its name. */}
          {tabs.length === 1 && tabs[0] && (
            <Title order={2} fz="lg">
              {tabs[0].label}
            </Title>
          )}
          <Outlet />
        </Stack>
      ) : (
        <Stack gap="lg" aria-label="Loading">
          <Skeleton height={140} radius="md" />
          <Skeleton height={200} radius="md" />
        </Stack>
      )}
    </RecordPage>
  );
}

import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { RecordEditLayout } from '../../../components/records/record-edit-layout';
import { isNotFound } from '../../../components/records/record-load-error';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { recordPath } from '../../../config/records';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useOrganisation } from '../api/get-organisation';
import { useUpdateOrganisation } from '../api/update-organisation';
import { OrganisationForm } from '../components/organisation-form';

/** /admin/investors/organisations/{id}/edit */
export function OrganisationEditPage() {
  const id = useRecordId();
  const navigate = useNavigate();
  const { data: organisation, error, refetch, isFetching } = useOrganisation(id);
  const { mutateAsync } = useUpdateOrganisation();

  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  const details = recordPath('organisation', id);

  return (
    <RecordEditLayout
      back={{ label: organisation?.name ?? 'Organisation', to: details }}
      title={organisation ? `Edit ${organisation.name}` : 'Edit organisation'}
      load={{
        error: organisation ? null : error,
        retry: () => void refetch(),
        retrying: isFetching,
        listPath: ADMIN_SCREENS.organisations.path,
      }}
    >
      {organisation && (
        <OrganisationForm
          key={organisation.updated_at}
          organisation={organisation}
          submit={(changes) => mutateAsync({ id, changes })}
          onCancel={() => void navigate(details)}
          onSaved={(saved) => {
            notifications.show({
              color: 'success',
              title: 'Changes saved',
              message: `${saved.name} is up to date.`,
            });
            void navigate(details);
          }}
        />
      )}
    </RecordEditLayout>
  );
}

import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { RecordEditLayout } from '../../../components/records/record-edit-layout';
import { isNotFound } from '../../../components/records/record-load-error';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { recordPath } from '../../../config/records';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useNominee } from '../api/get-nominee';
import { useUpdateNominee } from '../api/update-nominee';
import { NomineeForm } from '../components/nominee-form';

/** /admin/investors/nominees/{id}/edit */
export function NomineeEditPage() {
  const id = useRecordId();
  const navigate = useNavigate();
  const { data: nominee, error, refetch, isFetching } = useNominee(id);
  const { mutateAsync } = useUpdateNominee();

  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  const record = recordPath('nominee', id);

  return (
    <RecordEditLayout
      back={{ label: nominee?.name ?? 'Nominee', to: record }}
      title={nominee ? `Edit ${nominee.name}` : 'Edit nominee'}
      load={{
        error: nominee ? null : error,
        retry: () => void refetch(),
        retrying: isFetching,
        listPath: ADMIN_SCREENS.nominees.path,
      }}
    >
      {nominee && (
        <NomineeForm
          key={nominee.updated_at}
          nominee={nominee}
          submit={(changes) => mutateAsync({ id, changes })}
          onCancel={() => void navigate(record)}
          onSaved={(saved) => {
            notifications.show({
              color: 'success',
              title: 'Changes saved',
              message: `${saved.name} is up to date.`,
            });
            void navigate(record);
          }}
        />
      )}
    </RecordEditLayout>
  );
}

import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { recordPath } from '../../../config/records';
import { useCreateNominee } from '../api/create-nominee';
import { NomineeForm } from '../components/nominee-form';

/** /admin/investors/nominees/new-nominee */
export function NewNomineePage() {
  const navigate = useNavigate();
  const { mutateAsync } = useCreateNominee();
  return (
    <>
      <PageHeader
        title="New nominee"
        description="Add a nominee company; add the investors it acts for from its page."
      />
      <NomineeForm
        submit={mutateAsync}
        onCancel={() => void navigate(ADMIN_SCREENS.nominees.path)}
        onSaved={(nominee) => {
          notifications.show({
            color: 'success',
            title: 'Nominee added',
            message: `${nominee.name} was added.`,
          });
          void navigate(recordPath('nominee', nominee.id));
        }}
      />
    </>
  );
}

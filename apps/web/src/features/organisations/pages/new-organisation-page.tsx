import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { recordPath } from '../../../config/records';
import { useCreateOrganisation } from '../api/create-organisation';
import { OrganisationForm } from '../components/organisation-form';

/** /admin/investors/organisations/new-organisation */
export function NewOrganisationPage() {
  const navigate = useNavigate();
  const { mutateAsync } = useCreateOrganisation();
  return (
    <>
      <PageHeader
        title="New organisation"
        description="Add a company, trust or other body; link its investors from its page."
      />
      <OrganisationForm
        submit={mutateAsync}
        onCancel={() => void navigate(ADMIN_SCREENS.organisations.path)}
        onSaved={(organisation) => {
          notifications.show({
            color: 'success',
            title: 'Organisation added',
            message: `${organisation.name} was added.`,
          });
          void navigate(recordPath('organisation', organisation.id));
        }}
      />
    </>
  );
}

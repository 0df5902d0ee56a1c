import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { recordPath } from '../../../config/records';
import { useCreateClientGroup } from '../api/client-group-mutations';
import { ClientGroupForm } from '../components/client-group-form';

/** /admin/investors/client-groups/new-client-group */
export function NewClientGroupPage() {
  const navigate = useNavigate();
  const { mutateAsync } = useCreateClientGroup();
  return (
    <>
      <PageHeader title="New client group" description="Name the group; add its investors from its page." />
      <ClientGroupForm
        submit={mutateAsync}
        onCancel={() => void navigate(ADMIN_SCREENS.clientGroups.path)}
        onSaved={(group) => {
          notifications.show({
            color: 'success',
            title: 'Client group added',
            message: `${group.name} was added.`,
          });
          void navigate(recordPath('client_group', group.id));
        }}
      />
    </>
  );
}

import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { recordPath } from '../../../config/records';
import { useCreateContact } from '../api/create-contact';
import { ContactForm } from '../components/contact-form';

/** /admin/investors/contacts/new-contact: someone staff are in touch with, before they register. */
export function NewContactPage() {
  const navigate = useNavigate();
  const { mutateAsync } = useCreateContact();
  return (
    <>
      <PageHeader
        title="New contact"
        description="Add someone you are in touch with. If they later register with the same email address, they are linked to their investor account."
      />
      <ContactForm
        mode="create"
        submit={mutateAsync}
        onCancel={() => void navigate(ADMIN_SCREENS.contacts.path)}
        onSaved={(contact) => {
          notifications.show({
            color: 'success',
            title: 'Contact added',
            message: `${contact.name} was added to your contacts.`,
          });
          void navigate(recordPath('contact', contact.id));
        }}
      />
    </>
  );
}

import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { RecordEditLayout } from '../../../components/records/record-edit-layout';
import { isNotFound } from '../../../components/records/record-load-error';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { recordPath } from '../../../config/records';
import { useContact } from '../api/get-contact';
import { useUpdateContact } from '../api/update-contact';
import { useContactId } from '../api/use-contact-id';
import { ContactForm } from '../components/contact-form';

/** /admin/investors/contacts/{id}/edit */
export function ContactEditPage() {
  const id = useContactId();
  const navigate = useNavigate();
  const { data: contact, error, refetch, isFetching } = useContact(id);
  const { mutateAsync } = useUpdateContact();

  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  const details = recordPath('contact', id);

  return (
    <RecordEditLayout
      back={{ label: contact?.name ?? 'Contact', to: details }}
      title={contact ? `Edit ${contact.name}` : 'Edit contact'}
      load={{
        error: contact ? null : error,
        retry: () => void refetch(),
        retrying: isFetching,
        listPath: ADMIN_SCREENS.contacts.path,
      }}
    >
      {contact && (
        <ContactForm
          key={contact.updated_at}
          mode="edit"
          contact={contact}
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

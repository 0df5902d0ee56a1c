import { RecordEditPage } from '../../../components/records/record-edit-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useContact } from '../api/get-contact';
import { useUpdateContact } from '../api/update-contact';
import { ContactForm } from '../components/contact-form';

/** /admin/investors/contacts/{id}/edit */
export function ContactEditPage() {
  return (
    <RecordEditPage
      recordType="contact"
      noun="Contact"
      listPath={ADMIN_SCREENS.contacts.path}
      useRecord={useContact}
      useUpdate={useUpdateContact}
      form={(record, handlers) => <ContactForm mode="edit" contact={record} {...handlers} />}
    />
  );
}

import { Skeleton } from '@mantine/core';
import { useContact } from '../api/get-contact';
import { useUpdateContact } from '../api/update-contact';
import { useRecordId } from '../../../lib/records/use-record-id';
import { ContactCategoryPanel } from '../components/contact-category-panel';

/** /admin/investors/contacts/{id}/details/category */
export function ContactCategoryPage() {
  const id = useRecordId() ?? 0;
  const { data: contact } = useContact(id || undefined);
  const { mutateAsync } = useUpdateContact();
  if (!contact) return <Skeleton height={200} radius="md" />;
  return (
    <ContactCategoryPanel
      key={contact.updated_at}
      contact={contact}
      submit={(changes) => mutateAsync({ id: contact.id, changes })}
    />
  );
}

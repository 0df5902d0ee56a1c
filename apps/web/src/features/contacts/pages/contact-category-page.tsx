import { Skeleton } from '@mantine/core';
import { useContact } from '../api/get-contact';
import { useUpdateContact } from '../api/update-contact';
import { useContactId } from '../api/use-contact-id';
import { ContactCategoryPanel } from '../components/contact-category-panel';

/** /admin/investors/contacts/{id}/details/category */
export function ContactCategoryPage() {
  const id = useContactId() ?? 0;
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

import { DocumentsPanel } from '../../../components/records/documents/documents-panel';
import { useContactId } from '../api/use-contact-id';

/** /admin/investors/contacts/{id}/details/documents */
export function ContactDocumentsPage() {
  const id = useContactId() ?? 0;
  return (
    <DocumentsPanel
      record={{ type: 'contact', id }}
      publicDescription="Marked as shareable. A contact has no portal access, so only staff can open it."
    />
  );
}

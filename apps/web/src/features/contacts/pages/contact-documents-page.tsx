import { DocumentsPanel } from '../../../components/records/documents/documents-panel';
import { useRecordId } from '../../../lib/records/use-record-id';

/** /admin/investors/contacts/{id}/details/documents */
export function ContactDocumentsPage() {
  const id = useRecordId() ?? 0;
  return (
    <DocumentsPanel
      record={{ type: 'contact', id }}
      publicDescription="Marked as shareable. A contact has no portal access, so only staff can open it."
    />
  );
}

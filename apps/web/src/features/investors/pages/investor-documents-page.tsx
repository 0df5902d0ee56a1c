import { DocumentsPanel } from '../../../components/records/documents/documents-panel';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useRecordId } from '../../../lib/records/use-record-id';

/** /admin/investors/{id}/details/documents */
export function InvestorDocumentsPage() {
  const id = useRecordId() ?? 0;
  const { investor } = useTerminology();
  return (
    <DocumentsPanel
      record={{ type: 'investor', id }}
      publicDescription={`Visible in the investor portal: the ${inSentence(investor)} can open it.`}
    />
  );
}

import { NotesCallsTasksPanel } from '../../../components/records/engagements/notes-calls-tasks-panel';
import { useRecordId } from '../../../lib/records/use-record-id';

/** /admin/investors/{id}/details/notes-calls-tasks */
export function InvestorNotesPage() {
  const id = useRecordId() ?? 0;
  return <NotesCallsTasksPanel record={{ type: 'investor', id }} />;
}

import { NotesCallsTasksPanel } from '../../../components/records/engagements/notes-calls-tasks-panel';
import { useRecordId } from '../../../lib/records/use-record-id';

/** /admin/investors/contacts/{id}/details/notes-calls-tasks */
export function ContactNotesPage() {
  const id = useRecordId() ?? 0;
  return <NotesCallsTasksPanel record={{ type: 'contact', id }} />;
}

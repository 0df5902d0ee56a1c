import { NotesCallsTasksPanel } from '../../../components/records/engagements/notes-calls-tasks-panel';
import { useContactId } from '../api/use-contact-id';

/** /admin/investors/contacts/{id}/details/notes-calls-tasks */
export function ContactNotesPage() {
  const id = useContactId() ?? 0;
  return <NotesCallsTasksPanel record={{ type: 'contact', id }} />;
}

import { NotesCallsTasksPanel } from '../../../components/records/engagements/notes-calls-tasks-panel';
import { useRecordId } from '../../../lib/records/use-record-id';

/** /admin/investors/organisations/{id}/details/notes-calls-tasks */
export function OrganisationNotesPage() {
  return <NotesCallsTasksPanel record={{ type: 'organisation', id: useRecordId() ?? 0 }} />;
}

import { NotesCallsTasksPanel } from '../../../components/records/engagements/notes-calls-tasks-panel';
import { useRecordId } from '../../../lib/records/use-record-id';

/** /admin/investors/nominees/{id}/notes-calls-tasks */
export function NomineeNotesPage() {
  return <NotesCallsTasksPanel record={{ type: 'nominee', id: useRecordId() ?? 0 }} />;
}

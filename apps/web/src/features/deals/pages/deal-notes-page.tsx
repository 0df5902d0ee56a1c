import { NotesCallsTasksPanel } from '../../../components/records/engagements/notes-calls-tasks-panel';
import { useRecordId } from '../../../lib/records/use-record-id';

/** /admin/investments/deals/{id}/notes-calls-tasks */
export function DealNotesPage() {
  return <NotesCallsTasksPanel record={{ type: 'pipeline_deal', id: useRecordId() ?? 0 }} />;
}

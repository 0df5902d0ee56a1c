import { NotesCallsTasksPanel } from '../../../components/records/engagements/notes-calls-tasks-panel';
import { useRecordId } from '../../../lib/records/use-record-id';

/** /admin/funds/{id}/details/notes-calls-tasks (spec §2.1): the fund's notes, calls and tasks. */
export function FundNotesPage() {
  return <NotesCallsTasksPanel record={{ type: 'fund', id: useRecordId() ?? 0 }} />;
}

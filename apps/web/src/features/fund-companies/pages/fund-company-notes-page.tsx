import { NotesCallsTasksPanel } from '../../../components/records/engagements/notes-calls-tasks-panel';
import { useRecordId } from '../../../lib/records/use-record-id';

/** /admin/investments/companies/{id}/notes-calls-tasks */
export function FundCompanyNotesPage() {
  return <NotesCallsTasksPanel record={{ type: 'fund_company', id: useRecordId() ?? 0 }} />;
}

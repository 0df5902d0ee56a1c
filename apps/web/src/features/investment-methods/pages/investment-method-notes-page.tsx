import { NotesCallsTasksPanel } from '../../../components/records/engagements/notes-calls-tasks-panel';
import { useRecordId } from '../../../lib/records/use-record-id';

/** /admin/investors/investment-methods/{id}/details/notes-calls-tasks */
export function InvestmentMethodNotesPage() {
  return <NotesCallsTasksPanel record={{ type: 'investment_method', id: useRecordId() ?? 0 }} />;
}

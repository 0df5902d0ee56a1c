import { NotesCallsTasksPanel } from '../../../components/records/engagements/notes-calls-tasks-panel';
import { useInvestorId } from '../api/use-investor-id';

/** /admin/investors/{id}/details/notes-calls-tasks */
export function InvestorNotesPage() {
  const id = useInvestorId() ?? 0;
  return <NotesCallsTasksPanel record={{ type: 'investor', id }} />;
}
